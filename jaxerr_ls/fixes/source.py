"""A parsed source file as the fixes read it: nodes, their text and spans, and text edits."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from jaxerr_ls.fixes.model import TextEdit

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def _line_starts(source: str) -> list[int]:
    starts = [0]
    for number, line in enumerate(source.splitlines(keepends=True)):
        starts.append(starts[number] + len(line))
    return starts


def apply_edits(source: str, edits: Sequence[TextEdit]) -> str:
    """``source`` with the edits applied; they must not overlap (ValueError otherwise)."""
    starts = _line_starts(source)

    def offset(line: int, col: int) -> int:
        if not 1 <= line <= len(starts):
            raise ValueError(f"line {line} is outside the source ({len(starts) - 1} lines)")
        line_end = starts[line] if line < len(starts) else len(source)
        return min(starts[line - 1] + col, line_end)

    ranges = sorted(
        (offset(e.line, e.col), offset(e.end_line, e.end_col), e.new_text) for e in edits
    )
    pieces: list[str] = []
    position = 0
    for start, end, text in ranges:
        if start < position or end < start:
            raise ValueError("edits overlap")
        pieces.append(source[position:start])
        pieces.append(text)
        position = end
    pieces.append(source[position:])
    return "".join(pieces)


@dataclass(frozen=True, slots=True)
class Span:
    line: int
    col: int
    end_line: int
    end_col: int


class Source:
    """One file's text and syntax tree; columns are characters, as in ``TextEdit``."""

    def __init__(self, path: str, text: str, tree: ast.Module) -> None:
        self.path = path
        self.text = text
        self.tree = tree
        self.lines = text.splitlines()

    @classmethod
    def parse(cls, path: str, text: str | None) -> Source | None:
        if text is None:
            return None
        try:
            return cls(path, text, ast.parse(text))
        except (SyntaxError, ValueError, RecursionError):
            return None

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def _char_col(self, line: int, byte_col: int) -> int:
        # ast columns count UTF-8 bytes; edits count characters.
        encoded = self.line_text(line).encode("utf-8")
        return len(encoded[:byte_col].decode("utf-8", errors="replace"))

    def span(self, node: ast.AST) -> Span:
        line = node.lineno  # type: ignore[attr-defined]
        end_line = node.end_lineno or line  # type: ignore[attr-defined]
        end_col = node.end_col_offset  # type: ignore[attr-defined]
        return Span(
            line,
            self._char_col(line, node.col_offset),  # type: ignore[attr-defined]
            end_line,
            self._char_col(end_line, end_col if end_col is not None else 0),
        )

    def segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or ""

    def replace(self, node: ast.AST, new_text: str) -> TextEdit:
        span = self.span(node)
        return TextEdit(self.path, span.line, span.col, span.end_line, span.end_col, new_text)

    def edit(self, span: Span, new_text: str) -> TextEdit:
        return TextEdit(self.path, span.line, span.col, span.end_line, span.end_col, new_text)

    def indent_of(self, line: int) -> str:
        text = self.line_text(line)
        return text[: len(text) - len(text.lstrip())]

    def owns_its_lines(self, node: ast.stmt) -> bool:
        """True when the statement alone fills its lines (a trailing comment aside)."""
        span = self.span(node)
        before = self.line_text(span.line)[: span.col]
        after = self.line_text(span.end_line)[span.end_col :].strip()
        return not before.strip() and (not after or after.startswith("#"))

    def delete_lines(self, node: ast.stmt) -> TextEdit:
        span = self.span(node)
        return TextEdit(self.path, span.line, 0, span.end_line + 1, 0, "")

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


def own_nodes(function: FunctionNode) -> Iterator[ast.AST]:
    """Nodes of the function's body, not descending into nested functions or classes."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def own_returns(function: FunctionNode) -> list[ast.Return]:
    found = [node for node in own_nodes(function) if isinstance(node, ast.Return)]
    return sorted(found, key=lambda node: (node.lineno, node.col_offset))


def checked(path_sources: dict[str, str], edits: Sequence[TextEdit]) -> bool:
    """True when the edited files all still parse: a fix is offered only then."""
    for path, text in path_sources.items():
        own = [edit for edit in edits if edit.path == path]
        try:
            ast.parse(apply_edits(text, own))
        except (SyntaxError, ValueError, RecursionError):
            return False
    return all(edit.path in path_sources for edit in edits)
