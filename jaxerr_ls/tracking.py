"""Published findings per file, by source, kept on their lines while the user edits.

Each placed finding remembers the text of its line (its anchor). An edit shifts the findings
below it; then every finding of the file is checked against its anchor, looked for nearby if
the line moved, and dropped if its line is gone or changed, so that a diagnostic never points at
the wrong line. The finding each place carries moves with its places (its span, its culprits'),
so that what a diagnostic hands its fixes points where the code now is.

Each finding also remembers what produced it (its test or script, see ``jaxerr_ls.runs``): a run
replaces the findings of what it ran, whichever input brought them, so that a passing run of a
test clears that test's error even when another command reported it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from jaxerr_ls.runs import UNKNOWN_ORIGIN, Origin, RunScope, origin_of
from jaxerr_ls.spans import Span

if TYPE_CHECKING:
    from jaxerr_ls.diagnose import Finding

ROLE_ERROR = "error"
ROLE_CULPRIT = "culprit"
# How far from its expected line a moved anchor is looked for.
ANCHOR_SEARCH_LINES = 50

# A file's lines: as the analysis saw them (on disk), or as they are now (maybe an open editor).
ReadLines = Callable[[Path], Sequence[str] | None]


@dataclass(frozen=True, slots=True)
class Placed:
    """A finding (or one of its culprits) at a place in a file, anchored to its line's text."""

    source: str
    role: str
    finding: Finding
    span: Span
    anchor: str
    culprit_index: int = -1
    origin: Origin = UNKNOWN_ORIGIN

    @property
    def path(self) -> Path:
        return self.span.path

    @property
    def line(self) -> int:
        return self.span.line

    def moved_to(self, line: int) -> Placed:
        return replace(self, span=self.span.shifted(line - self.span.line))


@dataclass(frozen=True, slots=True)
class LineChange:
    """An edit as lines: 0-based ``start``..``end`` lines were replaced by ``new_lines`` lines."""

    start: int
    end: int
    new_lines: int


def _anchored(
    source: str,
    role: str,
    finding: Finding,
    span: Span,
    lines: Sequence[str] | None,
    culprit_index: int = -1,
    origin: Origin = UNKNOWN_ORIGIN,
) -> Placed | None:
    if lines is None or not 1 <= span.line <= len(lines):
        return None
    anchor = lines[span.line - 1].strip()
    return Placed(source, role, finding, span, anchor, culprit_index, origin)


class FindingStore:
    """The findings that are published, grouped by the source that produced them."""

    def __init__(self) -> None:
        self._by_source: dict[str, list[Placed]] = {}
        # Clearing is counted, so that an analysis that began before a clear (its output
        # printed or written before it) can tell, and not bring back what was cleared.
        self._clears = 0
        self._cleared: dict[str | None, int] = {}

    def replace_source(
        self,
        source: str,
        findings: Iterable[Finding],
        analysed_lines: ReadLines,
        current_lines: ReadLines,
        *,
        culprits: Callable[[Path], bool] = lambda path: True,
        scope: RunScope | None = None,
        replaces: Callable[[Finding], bool] | None = None,
    ) -> set[Path]:
        """Publish a run's findings; return the files touched. ``culprits`` says whether a
        culprit in a file gets a diagnostic of its own.

        What they replace: with a ``scope`` (the run's command line is known), every finding of
        any source that the run covers (its test or script was run again); without one, the
        source's previous findings that ``replaces`` picks (a pytest report of some tests speaks
        for those only), all by default. Either way an older finding of the same test or script
        goes, so that one error never shows twice.

        Each place is anchored to its line as the analysis read it, then found in the file as
        it is now (an editor may hold unsaved changes); a place whose line is gone is dropped.
        """
        placed: list[Placed] = []
        for finding in findings:
            origin = origin_of(finding.test, finding.script, scope)
            spans: list[tuple[str, Span, int]] = []
            if finding.span is not None:
                spans.append((ROLE_ERROR, finding.span, -1))
            spans += [
                (ROLE_CULPRIT, c.span, i)
                for i, c in enumerate(finding.culprits)
                if culprits(c.span.path)
            ]
            for role, span, index in spans:
                lines = analysed_lines(span.path)
                item = _anchored(source, role, finding, span, lines, index, origin)
                if item is not None:
                    verified = _verified(item, current_lines(item.path))
                    if verified is not None:
                        placed.append(verified)
        again = {item.origin.key for item in placed} - {None}
        touched: set[Path] = set()
        for name, items in self._by_source.items():

            def replaced(item: Placed, name: str = name) -> bool:
                if item.origin.key in again:
                    return True
                if scope is not None:
                    return scope.covers(item.origin)
                return name == source and (replaces is None or replaces(item.finding))

            gone = [item for item in items if replaced(item)]
            if gone:
                touched |= {item.path for item in gone}
                self._by_source[name] = [item for item in items if not replaced(item)]
        self._by_source[source] = self._by_source.get(source, []) + _in_step(placed)
        return touched | {item.path for item in placed}

    def clear_mark(self) -> int:
        """A mark to give ``cleared_since`` when an analysis begins."""
        return self._clears

    def cleared_since(self, source: str, mark: int) -> bool:
        """Whether ``source`` (or every source) was cleared after ``mark`` was taken."""
        return max(self._cleared.get(None, 0), self._cleared.get(source, 0)) > mark

    def clear(self, source: str | None = None) -> set[Path]:
        """Forget one source's findings (or all); return the files that had some."""
        self._clears += 1
        self._cleared[source] = self._clears
        sources = list(self._by_source) if source is None else [source]
        touched: set[Path] = set()
        for name in sources:
            touched |= {item.path for item in self._by_source.pop(name, ())}
        return touched

    def sources(self) -> list[str]:
        return list(self._by_source)

    def for_path(self, path: Path) -> list[Placed]:
        return [item for items in self._by_source.values() for item in items if item.path == path]

    def all(self) -> list[Placed]:
        return [item for items in self._by_source.values() for item in items]

    def count_errors(self) -> int:
        return sum(1 for item in self.all() if item.role == ROLE_ERROR)

    def apply_edit(
        self, path: Path, changes: Sequence[LineChange] | None, lines: Sequence[str]
    ) -> bool:
        """Follow an edit of ``path`` (its new ``lines``); ``changes`` None for a whole-text
        replacement. Returns whether any finding moved or was dropped."""
        changed = False
        for source, items in self._by_source.items():
            kept: list[Placed] = []
            for item in items:
                if item.path != path:
                    kept.append(item)
                    continue
                moved = item
                for change in changes or ():
                    moved = _shifted(moved, change)
                verified = _verified(moved, lines)
                if verified is not None:
                    kept.append(verified)
                changed = changed or verified != item
            self._by_source[source] = _in_step(kept)
        return changed


def _in_step(items: list[Placed]) -> list[Placed]:
    """The items, each finding updated to where its places now are: its span and its culprits'
    spans as the store holds them (a place the store dropped keeps its last span)."""
    groups: dict[int, list[Placed]] = {}
    for item in items:
        groups.setdefault(id(item.finding), []).append(item)
    updated: dict[int, Placed] = {}
    for group in groups.values():
        finding = group[0].finding
        span = finding.span
        culprits = list(finding.culprits)
        for item in group:
            if item.role == ROLE_ERROR:
                span = item.span
            elif 0 <= item.culprit_index < len(culprits):
                culprits[item.culprit_index] = replace(culprits[item.culprit_index], span=item.span)
        if span == finding.span and culprits == finding.culprits:
            continue
        moved = replace(finding, span=span, culprits=culprits)
        for item in group:
            updated[id(item)] = replace(item, finding=moved)
    return [updated.get(id(item), item) for item in items]


def _shifted(item: Placed, change: LineChange) -> Placed:
    delta = change.new_lines - (change.end - change.start + 1)
    if item.line - 1 > change.end:
        return item.moved_to(item.line + delta)
    return item


def _verified(item: Placed, lines: Sequence[str] | None) -> Placed | None:
    """The item where its anchor is now (nearest first), or None when its line is gone."""
    if lines is None:
        return None
    for distance in range(ANCHOR_SEARCH_LINES + 1):
        for line in (item.line - distance, item.line + distance) if distance else (item.line,):
            if 1 <= line <= len(lines) and lines[line - 1].strip() == item.anchor:
                return item if line == item.line else item.moved_to(line)
    return None
