"""Re-linting a module as it is edited: the predictions of the parts of the module that the edit
cannot reach are kept, and only the rest is analysed again.

The module's top-level pieces (``ChunkedParser``) are grouped by the module-level names they
share: two pieces are in one group when one binds a name that the other binds or reads. A
name bound only by import statements joins nothing (what it resolves to depends on the import
alone), so an import-only piece belongs to every group instead. The module model resolves
values only through names, so a group's predictions are those of the model of its pieces and
the imports: a group whose pieces and imports are unchanged keeps its predictions, and each
other group is analysed alone. A module that does not split (it is parsed whole) or uses
``import *`` is analysed whole.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace
from pathlib import Path

from jaxerr_ls.lint import (
    MODULE,
    LintResult,
    Prediction,
    Suppression,
    collector_paused,
    lint_model,
    suppressions,
)
from jaxerr_ls.lint.checks import CODES, checks_for
from jaxerr_ls.lint.chunks import ChunkedParser, Piece, line_count
from jaxerr_ls.lint.imports import ProjectModules, Reads
from jaxerr_ls.project import ModuleModel, _children

# A group's pieces (texts and lines from the group's first) and the imports (texts), in order.
GroupKey = tuple[tuple[str, int | None], ...]
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
# Statements and patterns that bind the name they carry.
_NAMED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.MatchAs, ast.MatchStar)


@dataclass(frozen=True, slots=True)
class _Names:
    """The module-level names a piece binds, every name it reads, and whether it is made only
    of imports."""

    binds: frozenset[str]
    mentions: frozenset[str]
    imports_only: bool
    star: bool


def _names(body: list[ast.stmt]) -> _Names:
    """What a piece binds and reads (the same wherever its lines are)."""
    binds: set[str] = set()
    mentions: set[str] = set()
    star = False
    # Module level: the statements, and what they hold outside function and class bodies. A
    # function's decorators and defaults, a class's bases, run at module level, but reading
    # them as inside keeps them mentions, which is what they are.
    outer: list[ast.AST] = list(body)
    inner: list[ast.AST] = []
    while outer:
        node = outer.pop()
        if isinstance(node, ast.Name):
            (mentions if isinstance(node.ctx, ast.Load) else binds).add(node.id)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            star = star or _star(node)
            binds.update(_imported(node))
        elif isinstance(node, ast.Global):
            binds.update(node.names)
        elif isinstance(node, _NAMED) and node.name is not None:
            binds.add(node.name)
        (inner if isinstance(node, _SCOPES) else outer).extend(_children(node))
    # Inside: every name is read (a binding there is the scope's own), but for ``global``
    # and assignment expressions.
    while inner:
        node = inner.pop()
        kind = type(node)
        if kind is ast.Name:
            mentions.add(node.id)  # type: ignore[attr-defined]  # (an ast.Name)
            continue
        if kind is ast.Import or kind is ast.ImportFrom:
            star = star or _star(node)  # type: ignore[arg-type]  # (an import)
            mentions.update(_imported(node))  # type: ignore[arg-type]  # (an import)
        elif kind is ast.Global:
            binds.update(node.names)  # type: ignore[attr-defined]  # (an ast.Global)
        elif kind is ast.NamedExpr and isinstance(node.target, ast.Name):  # type: ignore[attr-defined]
            # In a decorator or a default it binds at module level: taken as a module-level
            # name wherever it is (a join too many only analyses a group more).
            binds.add(node.target.id)  # type: ignore[attr-defined]  # (an ast.NamedExpr)
        elif isinstance(node, _NAMED) and node.name is not None:
            mentions.add(node.name)
        inner.extend(_children(node))
    only = all(isinstance(stmt, ast.Import | ast.ImportFrom) for stmt in body)
    return _Names(frozenset(binds), frozenset(mentions), only, star)


def _star(node: ast.Import | ast.ImportFrom) -> bool:
    return any(alias.name == "*" for alias in node.names)


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    return [alias.asname or alias.name.split(".")[0] for alias in node.names]


@dataclass(frozen=True, slots=True)
class _Kept:
    """A group's result, with where its first piece and the imports were when it was made, and
    whether every line it names is in the group's pieces (it then moves with them)."""

    first: int
    imports: tuple[int, ...]
    result: LintResult
    movable: bool


class IncrementalLinter:
    """``lint(source)`` is ``lint_source(source)``, analysing again only the groups of
    statements an edit since the last call can reach. A group that a line added or removed
    above it moved keeps its predictions, moved with it."""

    def __init__(self, modules: ProjectModules | None = None) -> None:
        # The project's other modules (functions the module imports from them are checked).
        self.modules = modules
        self.parser = ChunkedParser()
        self._names: dict[str, _Names] = {}
        # Each group's result, by its pieces' texts and lines from its first, in module order
        # with the imports' texts.
        self._groups: dict[GroupKey, _Kept] = {}
        self._context: tuple[object, ...] = ()
        # What the last call analysed: the pieces of the groups analysed again, and of all the
        # groups (imports left out).
        self.analysed = (0, 0)
        # What the kept predictions read of the project's other modules.
        self.read = Reads()

    def lint(
        self,
        source: str,
        enabled: frozenset[str] = CODES,
        path: Path = MODULE,
        jax_version: str | None = None,
    ) -> LintResult:
        modules = self.modules
        with collector_paused():
            if modules is None:
                return self._lint(source, enabled, path, jax_version)
            if modules.stale(self.read):
                # A module this one imports from changed: what was kept may no longer hold.
                self._groups, self.read = {}, Reads()
            recorded = modules.recorded = Reads()
            try:
                return self._lint(source, enabled, path, jax_version)
            finally:
                self.read.update(recorded)
                modules.recorded = None

    def _lint(
        self, source: str, enabled: frozenset[str], path: Path, jax_version: str | None
    ) -> LintResult:
        modules = self.modules
        checks = checks_for(source, enabled)
        if not checks:
            self._groups = {}
            return LintResult([], suppressions(source))
        # Results of other codes, another place, another JAX or other checks are not reused.
        context = (enabled, path, jax_version, checks)
        if context != self._context:
            self._groups, self._context = {}, context
        pieces = self.parser.cut(source)
        if not pieces:
            self._groups = {}
            self.analysed = (0, 0)
            try:
                tree = ast.parse(source)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return LintResult([], [], "the file does not parse")
            model = ModuleModel(tree)
            return lint_model(model, source, enabled, path, checks, jax_version, modules=modules)
        names = {p.text: self._names.get(p.text) or _names(p.body) for p in pieces}
        self._names = names
        if any(n.star for n in names.values()):
            self._groups = {}
            self.analysed = (len(pieces), len(pieces))
            body = [stmt for p in pieces for stmt in self.parser.place(p)]
            model = ModuleModel(ast.Module(body=body, type_ignores=[]))
            return lint_model(model, source, enabled, path, checks, jax_version, modules=modules)
        groups, imports = _groups(pieces, names)
        comments = suppressions(source)
        import_lines = tuple(p.line for p in imports)
        keys: list[GroupKey] = []
        seen: dict[GroupKey, int] = {}
        for group in groups:
            key = _key(group, imports)
            # Groups of the same text (a statement repeated that binds nothing) stay apart.
            seen[key] = seen.get(key, 0) + 1
            keys.append(key if seen[key] == 1 else (*key, ("", seen[key])))
        results: dict[GroupKey, _Kept] = {}
        stale = []
        for key, group in zip(keys, groups, strict=True):
            kept = self._groups.get(key)
            first = group[0].line
            if kept is not None and kept.first == first and kept.imports == import_lines:
                results[key] = kept
            elif kept is not None and kept.movable:
                moved = _moved(kept.result, first - kept.first, comments)
                results[key] = _Kept(first, import_lines, moved, True)
            else:
                stale.append((key, group))
        if stale:
            # The groups share no name, so one model of them all (and the imports) predicts for
            # each what a model of it alone would, at the cost of one model of their text.
            members = {id(p) for _, group in stale for p in group} | {id(p) for p in imports}
            body = [stmt for p in pieces if id(p) in members for stmt in self.parser.place(p)]
            model = ModuleModel(ast.Module(body=body, type_ignores=[]))
            found = lint_model(model, source, enabled, path, checks, jax_version, comments, modules)
            by_group = _by_group(found, stale, comments)
            for key, group in stale:
                result = by_group[key]
                results[key] = _Kept(group[0].line, import_lines, result, _within(result, group))
        again = sum(len(group) for _, group in stale)
        self._groups = results
        self.analysed = (again, sum(len(group) for group in groups))
        order = lambda p: (p.span.line, p.span.col, p.code)  # noqa: E731
        return LintResult(
            sorted((p for k in results.values() for p in k.result.predictions), key=order),
            comments,
            expected=sorted((p for k in results.values() for p in k.result.expected), key=order),
        )


def _key(group: list[Piece], imports: list[Piece]) -> GroupKey:
    """A group's pieces by their texts and lines from its first, in module order with the
    imports' texts (the model is the same wherever the group is, and so are its predictions,
    moved)."""
    first = group[0].line
    members: list[tuple[int, str, int | None]] = [(p.line, p.text, p.line - first) for p in group]
    members += [(p.line, p.text, None) for p in imports]
    members.sort(key=lambda member: member[0])
    return tuple((text, offset) for _, text, offset in members)


def _lines(group: list[Piece]) -> list[tuple[int, int]]:
    """The first and last line of each piece of a group."""
    return [(p.line, p.line + max(line_count(p.text), 1) - 1) for p in group]


def _within(result: LintResult, group: list[Piece]) -> bool:
    """Whether every line the predictions name is in the group's pieces (a culprit in another
    module does not move with them)."""
    ranges = _lines(group)
    for prediction in (*result.predictions, *result.expected):
        spans = [prediction.span] + ([prediction.culprit] if prediction.culprit else [])
        for span in spans:
            if span.path != prediction.span.path:
                return False
            for line in (span.line, span.end_line):
                if not any(first <= line <= last for first, last in ranges):
                    return False
    return True


def _moved(result: LintResult, by: int, comments: list[Suppression]) -> LintResult:
    """The predictions of a group moved ``by`` lines."""

    def move(prediction: Prediction) -> Prediction:
        culprit = prediction.culprit
        return replace(
            prediction,
            span=replace(
                prediction.span,
                line=prediction.span.line + by,
                end_line=prediction.span.end_line + by,
            ),
            culprit=None
            if culprit is None
            else replace(culprit, line=culprit.line + by, end_line=culprit.end_line + by),
        )

    return LintResult(
        [move(p) for p in result.predictions], comments, expected=[move(p) for p in result.expected]
    )


def _by_group(
    found: LintResult,
    stale: list[tuple[GroupKey, list[Piece]]],
    comments: list[Suppression],
) -> dict[GroupKey, LintResult]:
    """The predictions of a model of several groups, each given to the group whose pieces hold
    its line."""
    owner = {}
    for key, group in stale:
        for piece in group:
            first = piece.key[0]
            for line in range(first, first + max(line_count(piece.key[1]), 1)):
                owner[line] = key
    fallback = stale[0][0]
    predictions: dict[GroupKey, list[Prediction]] = {k: [] for k, _ in stale}
    expected: dict[GroupKey, list[Prediction]] = {k: [] for k, _ in stale}
    for kept, into in ((found.predictions, predictions), (found.expected, expected)):
        for prediction in kept:
            into[owner.get(prediction.span.line, fallback)].append(prediction)
    return {key: LintResult(predictions[key], comments, expected=expected[key]) for key, _ in stale}


def _groups(pieces: list[Piece], names: dict[str, _Names]) -> tuple[list[list[Piece]], list[Piece]]:
    """The pieces joined by the module-level names they share (in module order), and the
    import-only pieces."""
    # (A piece of blank lines and comments, at the start or the end, is in neither.)
    imports = [p for p in pieces if p.body and names[p.text].imports_only]
    others = [p for p in pieces if p.body and not names[p.text].imports_only]
    parent = list(range(len(others)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    binders: dict[str, list[int]] = {}
    for index, piece in enumerate(others):
        for name in names[piece.text].binds:
            binders.setdefault(name, []).append(index)
    for index, piece in enumerate(others):
        found = names[piece.text]
        for name in found.binds | found.mentions:
            for other in binders.get(name, ()):
                parent[find(index)] = find(other)
    grouped: dict[int, list[Piece]] = {}
    for index, piece in enumerate(others):
        grouped.setdefault(find(index), []).append(piece)
    return list(grouped.values()), imports
