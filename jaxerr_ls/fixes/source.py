"""A parsed source file as the fixes read it: nodes, their text and spans, and text edits."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from jaxerr_ls.project import module_files
from jaxerr_ls.rule_outputs import RuleCode
from jaxerr_ls.spans import Edit, Span, apply_edits

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


class Source(RuleCode):
    """One file's text and syntax tree; spans and edits count characters, as ``Span`` does
    (``span``, ``segment`` and ``replace`` are ``RuleCode``'s)."""

    @classmethod
    def parse(cls, path: Path, text: str | None) -> Source | None:
        return None if text is None else _parsed(path, text)

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def insert(self, line: int, col: int, new_text: str) -> Edit:
        return Edit(Span(self.path, line, col, line, col), new_text)

    def add_keyword(self, call: ast.Call, keyword: str) -> Edit | None:
        """An edit that appends ``keyword`` to a call's arguments: after the last one (so a
        closing parenthesis on a line of its own stays there), else inside the parentheses."""
        written = [*call.args, *(k.value for k in call.keywords)]
        if written:
            last = max(written, key=lambda n: (n.end_lineno or 0, n.end_col_offset or 0))
            end = self.span(last)
            return self.insert(end.end_line, end.end_col, f", {keyword}")
        span = self.span(call)
        text = self.line_text(span.end_line)
        if span.end_col < 1 or text[span.end_col - 1] != ")":
            return None
        before = text[: span.end_col - 1].rstrip()
        separator = "" if before.endswith("(") else " " if before.endswith(",") else ", "
        return self.insert(span.end_line, span.end_col - 1, f"{separator}{keyword}")

    def indent_of(self, line: int) -> str:
        text = self.line_text(line)
        return text[: len(text) - len(text.lstrip())]

    def owns_its_lines(self, node: ast.stmt) -> bool:
        """True when the statement alone fills its lines (a trailing comment aside)."""
        span = self.span(node)
        before = self.line_text(span.line)[: span.col]
        after = self.line_text(span.end_line)[span.end_col :].strip()
        return not before.strip() and (not after or after.startswith("#"))

    def delete_lines(self, node: ast.stmt) -> Edit:
        span = self.span(node)
        return Edit(Span(self.path, span.line, 0, span.end_line + 1, 0), "")

    def functions(self) -> Iterator[FunctionNode]:
        for node in ast.walk(self.tree):
            if isinstance(node, FunctionNode):
                yield node

    def module_aliases(self, module: str) -> list[str]:
        """Names under which the module's top level imports ``module`` (``jnp`` for jax.numpy)."""
        names = []
        parent, _, child = module.rpartition(".")
        for node in self.tree.body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == module and (alias.asname or "." not in module):
                        names.append(alias.asname or module)
            elif isinstance(node, ast.ImportFrom) and parent and node.module == parent:
                for alias in node.names:
                    if alias.name == child:
                        names.append(alias.asname or child)
        return names

    def jnp_name(self) -> str | None:
        """How this file can spell ``jax.numpy``, or None when it imports neither it nor jax."""
        aliases = self.module_aliases("jax.numpy")
        if aliases:
            return aliases[0]
        if "jax" in self.module_aliases("jax"):
            return "jax.numpy"
        return None

    def all_names(self) -> set[str]:
        return {node.id for node in ast.walk(self.tree) if isinstance(node, ast.Name)}

    def jnp_or_import(self) -> tuple[str, list[Edit]] | None:
        """How to spell ``jax.numpy`` here, with the edit importing it as ``jnp`` (after the
        module's last top-level import, else after its docstring) when the file has none;
        None when ``jnp`` is taken by something else."""
        name = self.jnp_name()
        if name is not None:
            return name, []
        if "jnp" in self.all_names():
            return None
        return "jnp", [self.import_edit("import jax.numpy as jnp")]

    def jax_or_import(self) -> tuple[str, list[Edit]] | None:
        """How to spell ``jax`` here, with the edit importing it when the file does not; None
        when ``jax`` is taken by something else."""
        aliases = self.module_aliases("jax")
        # ``import jax.experimental`` binds ``jax`` too.
        dotted = any(
            isinstance(node, ast.Import)
            and any(a.name.startswith("jax.") and not a.asname for a in node.names)
            for node in self.tree.body
        )
        if aliases or dotted:
            return (aliases or ["jax"])[0], []
        if "jax" in self.all_names():
            return None
        return "jax", [self.import_edit("import jax")]

    def import_edit(self, statement: str) -> Edit:
        """The edit adding an import statement after the module's last top-level import, else
        after its docstring."""
        body = self.tree.body
        imports = [n for n in body if isinstance(n, ast.Import | ast.ImportFrom)]
        docstring = (
            body[:1]
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            else []
        )
        after = imports[-1:] or docstring
        line = (after[0].end_lineno or after[0].lineno) + 1 if after else 1
        text = f"{statement}\n" if imports else f"\n{statement}\n"
        return self.insert(line, 0, text if after else f"{statement}\n\n")


def dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a name or a chain of attributes on one, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def package_bases(path: Path) -> list[Path]:
    """Where a module's imports may be found: its folder, then each folder up that its
    package hangs from (``pkg.module`` imported from inside ``pkg``)."""
    bases = [path.parent]
    while (bases[-1] / "__init__.py").is_file() and bases[-1].parent != bases[-1]:
        bases.append(bases[-1].parent)
    return bases


def fresh(taken: set[str], wanted: str) -> str:
    """``wanted``, or ``wanted2``, ``wanted3``... : the first name not in ``taken``."""
    name, n = wanted, 1
    while name in taken:
        n += 1
        name = f"{wanted}{n}"
    return name


def checked(path_sources: dict[Path, str], edits: Sequence[Edit]) -> bool:
    """True when the edited files all still parse: a fix is offered only then."""
    for path, text in path_sources.items():
        own = [edit for edit in edits if edit.path == path]
        try:
            ast.parse(apply_edits(text, own))
        except (SyntaxError, ValueError, RecursionError):
            return False
    return all(edit.path in path_sources for edit in edits)


# Sources are read, never changed: the providers of one fix (and the fixes of several
# diagnostics on an unchanged file) share one parse of each text.
@functools.lru_cache(maxsize=32)
def _parsed(path: Path, text: str) -> Source | None:
    try:
        return Source(path, text, ast.parse(text))
    except (SyntaxError, ValueError, RecursionError):
        return None


def imported_definitions(
    source: Source, read: Callable[[Path], str | None]
) -> dict[str, tuple[Source, FunctionNode]]:
    """The functions a module imports by name from project modules (``from detector.utils
    import deliver``), each with its module, looked for beside the module and in the folders
    above it."""
    bases = [source.path.parent, *list(source.path.parents)[1:3]]
    found: dict[str, tuple[Source, FunctionNode]] = {}
    for node in source.tree.body:
        if not isinstance(node, ast.ImportFrom) or not node.module or node.level:
            continue
        module = next(
            (
                loaded
                for path in module_files(node.module, bases)
                if (loaded := Source.parse(path, read(path) if path.is_file() else None))
            ),
            None,
        )
        if module is None:
            continue
        for alias in node.names:
            defined = [
                f
                for f in module.tree.body
                if isinstance(f, ast.FunctionDef) and f.name == alias.name
            ]
            if len(defined) == 1:
                found[alias.asname or alias.name] = (module, defined[0])
    return found
