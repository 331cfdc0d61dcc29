"""The definition really at fault when JAX fails far from it: custom rules and hijax methods.

A custom_vjp bwd rule that returns the wrong type fails inside ``jax.grad(...)``, not in the
rule; a hijax primitive's ``vjp_bwd`` fails during transposition. The traceback points at the
call, so the culprit is found in the user's source from what the message names: the primal
function's name and place (``attached to f at model/ops.py:12``), the primitive's class
(``MyPrim.vjp_bwd should return ...``, or a class that lacks a method JAX needs: ``subclass
<class 'm.MyPrim'> must implement `vjp_bwd```), or the custom_vjp / custom_jvp definitions in
the files the traceback passes through.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from jaxerr_ls.locate import ProjectFiles, SourceSpan

_METHOD_RE = re.compile(
    r"\b([A-Za-z_]\w*)\.(vjp_bwd_retval|vjp_bwd|vjp_fwd|jvp|transpose|lin|linearized|to_lojax)\b"
)
# "for grad support, subclass <class 'model.prims.LogCosh'> must implement `vjp_bwd` or ..."
_MISSING_METHOD_RE = re.compile(
    r"subclass <class '(?:[\w.]+\.)?([A-Za-z_]\w*)'> must implement `(\w+)`"
)
_ATTACHED_RE = re.compile(r"attached to ([A-Za-z_][\w.<>]*) at (.+?\.py):(\d+)")
# "Custom VJP fwd rule _safe_log_fwd for function safe_log must produce a pair ..."
# "No JVP defined for custom_jvp function smooth_abs using defjvp."
_MISSING_RULE_RE = re.compile(r"No [JV]+P defined for (custom_[jv]+p) function ([A-Za-z_]\w*)")
_NAMED_RULE_RE = re.compile(r"\b(?:fwd|bwd|jvp) rule ([A-Za-z_]\w*) for function ([A-Za-z_]\w*)")
_BWD_RE = re.compile(r"\bbwd\b|backward rule|bwd rule|bwd function", re.IGNORECASE)
_FWD_RE = re.compile(r"\bfwd\b|forward rule", re.IGNORECASE)
_JVP_RE = re.compile(r"custom_jvp|\bjvp rule|defjvp|custom JVP", re.IGNORECASE)
_VJP_RE = re.compile(r"custom_vjp|custom VJP|defvjp|\bbwd\b|\bfwd\b", re.IGNORECASE)
# What a rule produced is wrong ("bwd rule ... must produce", "Custom JVP rule must produce"):
# only then is a registered rule the culprit. Other custom_vjp / custom_jvp errors (a traced
# nondiff argument, forward mode of a custom_vjp function, keyword arguments) are about the
# call or the declaration, not about a rule.
_RULE_OUTPUT_RE = re.compile(r"\brule\b.*\b(?:produce|produced|return|returned)\b", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Culprit:
    """A definition in the user's code that the error is really about."""

    span: SourceSpan
    kind: str
    name: str

    @property
    def description(self) -> str:
        return f"{self.kind} `{self.name}`"


@dataclass(frozen=True, slots=True)
class _Rules:
    """A custom_vjp / custom_jvp function and the rules registered on it in one module."""

    primal: str
    primal_line: int
    fwd: str | None
    bwd: str | None
    jvp: str | None


def _parse(files: ProjectFiles, path: Path) -> ast.Module | None:
    def parse(path: Path) -> ast.Module | None:
        lines = files.lines(path)
        if lines is None:
            return None
        try:
            return ast.parse("\n".join(lines))
        except (SyntaxError, ValueError, RecursionError):
            return None

    return files.memo("ast", path, parse)


def _name_of(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _registered_rules(tree: ast.Module | None) -> list[_Rules]:
    """``f.defvjp(fwd, bwd)`` / ``f.defjvp(rule)`` calls and ``@f.defjvp`` decorators."""
    if tree is None:
        return []
    found: dict[str, dict[str, str | int | None]] = {}

    def slot(primal: str, line: int) -> dict[str, str | int | None]:
        return found.setdefault(primal, {"line": line, "fwd": None, "bwd": None, "jvp": None})

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            primal = _name_of(node.func.value)
            if primal is None:
                continue
            args = [_name_of(arg) for arg in node.args]
            if node.func.attr == "defvjp" and len(args) >= 2:
                entry = slot(primal, node.lineno)
                entry["fwd"], entry["bwd"] = args[0], args[1]
            elif node.func.attr == "defjvp" and args:
                slot(primal, node.lineno)["jvp"] = args[0]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Attribute) and decorator.attr == "defjvp":
                    primal = _name_of(decorator.value)
                    if primal is not None:
                        slot(primal, node.lineno)["jvp"] = node.name
    rules = []
    for primal, entry in found.items():
        line = entry["line"]
        rules.append(
            _Rules(
                primal=primal,
                primal_line=line if isinstance(line, int) else 0,
                fwd=entry["fwd"] if isinstance(entry["fwd"], str) else None,
                bwd=entry["bwd"] if isinstance(entry["bwd"], str) else None,
                jvp=entry["jvp"] if isinstance(entry["jvp"], str) else None,
            )
        )
    return rules


def _definitions(files: ProjectFiles, path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function defined in a project file (at any depth), parsed once per run."""

    def collect(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        tree = _parse(files, path)
        if tree is None:
            return []
        return [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]

    return files.memo("functions", path, collect)


def _def_span(files: ProjectFiles, path: Path, node: ast.AST, name: str) -> SourceSpan:
    line = getattr(node, "lineno", 1)
    text = (files.lines(path) or [""])[line - 1] if line >= 1 else ""
    start = text.find(name)
    if start < 0:
        start = len(text) - len(text.lstrip())
    return SourceSpan(path, line, start, line, start + len(name))


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _own_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.Return]:
    """``return`` statements of the function itself, not of functions nested in it."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return):
            yield node
        elif not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def _last_return_span(
    path: Path, function: ast.FunctionDef | ast.AsyncFunctionDef
) -> SourceSpan | None:
    """The span of the value in the function's last ``return`` that returns something."""
    returns = [node for node in _own_returns(function) if node.value is not None]
    if not returns:
        return None
    last = max(returns, key=lambda node: (node.lineno, node.col_offset))
    value = last.value
    assert value is not None
    end_line = value.end_lineno or value.lineno
    end_col = value.end_col_offset if value.end_col_offset is not None else value.col_offset
    return SourceSpan(path, last.lineno, last.col_offset, end_line, end_col)


def _rule_culprit(files: ProjectFiles, path: Path, rule_name: str, kind: str) -> Culprit | None:
    for function in _definitions(files, path):
        if function.name == rule_name:
            span = _last_return_span(path, function) or _def_span(files, path, function, rule_name)
            return Culprit(span, kind, rule_name)
    return None


def _classes(
    files: ProjectFiles, traceback_files: list[Path], class_name: str
) -> Iterator[tuple[Path, ast.ClassDef]]:
    """The definitions of a class: in the files the traceback passes through first, then in
    the project's other files that have ``class NAME``."""
    needle = f"class {class_name}"
    paths = [*traceback_files, *files.files_containing(needle)]
    for path in dict.fromkeys(paths):
        lines = files.lines(path)
        if lines is None or not any(needle in line for line in lines):
            continue
        tree = _parse(files, path)
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.ClassDef) and node.name == class_name:
                yield path, node


def _class_method_culprit(
    files: ProjectFiles, traceback_files: list[Path], class_name: str, method: str
) -> Culprit | None:
    """A method of a hijax primitive class, e.g. the ``vjp_bwd`` that returned a value."""
    for path, node in _classes(files, traceback_files, class_name):
        for item in node.body:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name == method:
                span = _def_span(files, path, item, method)
                return Culprit(span, f"`{class_name}` method", method)
    return None


def _class_culprit(
    files: ProjectFiles, traceback_files: list[Path], class_name: str, method: str
) -> Culprit | None:
    """The definition of a hijax primitive class that lacks a method JAX needs."""
    for path, node in _classes(files, traceback_files, class_name):
        span = _def_span(files, path, node, class_name)
        return Culprit(span, f"hijax primitive without `{method}`", class_name)
    return None


def _function_culprit(
    files: ProjectFiles, traceback_files: list[Path], name: str, decorator: str
) -> Culprit | None:
    """The definition of a decorated function that never got its rule."""
    paths = [*traceback_files, *files.files_containing(decorator)]
    for path in dict.fromkeys(paths):
        for function in _definitions(files, path):
            if function.name == name:
                span = _def_span(files, path, function, name)
                return Culprit(span, f"{decorator} function without a rule", name)
    return None


def _registering_files(files: ProjectFiles) -> list[Path]:
    """Project files that register custom rules (``.defvjp`` / ``.defjvp``)."""
    return list(
        dict.fromkeys([*files.files_containing(".defvjp"), *files.files_containing(".defjvp")])
    )


def find_culprits(
    message: str,
    files: ProjectFiles,
    traceback_files: list[Path],
    called_names: set[str],
) -> list[Culprit]:
    """Culprit definitions for an error message.

    ``traceback_files`` are the project files the traceback passes through, innermost first;
    ``called_names`` are names called on the traceback's source lines, which tell several
    custom_vjp functions in one file apart.
    """
    method = _METHOD_RE.search(message)
    if method is not None:
        found = _class_method_culprit(files, traceback_files, method.group(1), method.group(2))
        return [found] if found is not None else []

    lacking = _MISSING_METHOD_RE.search(message)
    if lacking is not None:
        found = _class_culprit(files, traceback_files, lacking.group(1), lacking.group(2))
        return [found] if found is not None else []

    missing = _MISSING_RULE_RE.search(message)
    if missing is not None:
        found = _function_culprit(files, traceback_files, missing.group(2), missing.group(1))
        return [found] if found is not None else []

    if _RULE_OUTPUT_RE.search(message) is None:
        return []
    wants_bwd = _BWD_RE.search(message) is not None
    wants_fwd = not wants_bwd and _FWD_RE.search(message) is not None
    wants_jvp = _JVP_RE.search(message) is not None and not (wants_bwd or wants_fwd)
    if not (wants_bwd or wants_fwd or wants_jvp or _VJP_RE.search(message)):
        return []

    attached = _ATTACHED_RE.search(message)
    named = _NAMED_RULE_RE.search(message)
    search_paths = list(traceback_files)
    primal_hint: str | None = None
    if attached is not None:
        primal_hint = attached.group(1).rsplit(".", 1)[-1]
        located = files.resolve(attached.group(2))
        if located is not None:
            search_paths.insert(0, located)
    elif named is not None:
        primal_hint = named.group(2)
    # The rules usually live in a module the traceback never enters (it shows the call of the
    # primal function, not the rule): the project's other files that register rules come next.
    # There, a rule counts only when the traceback calls its primal function by name: the one
    # rule of an unrelated module is no culprit.
    in_traceback = set(search_paths)
    search_paths.extend(_registering_files(files))

    culprits: list[Culprit] = []
    for path in dict.fromkeys(search_paths):
        tree = _parse(files, path)
        if tree is None:
            continue
        rules = files.memo("rules", path, lambda p: _registered_rules(_parse(files, p)))
        if primal_hint is not None:
            chosen = [r for r in rules if r.primal == primal_hint]
        else:
            chosen = [r for r in rules if r.primal in called_names]
            if not chosen and path in in_traceback:
                chosen = rules
        if len(chosen) != 1:
            continue
        rule = chosen[0]
        if wants_jvp and rule.jvp:
            target, kind = rule.jvp, "custom_jvp rule"
        elif wants_fwd and rule.fwd:
            target, kind = rule.fwd, "custom_vjp fwd rule"
        elif rule.bwd and not wants_jvp:
            target, kind = rule.bwd, "custom_vjp bwd rule"
        else:
            continue
        found = _rule_culprit(files, path, target, kind)
        if found is not None:
            culprits.append(found)
            break
    return culprits
