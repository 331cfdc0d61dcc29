"""Published findings per file, by source, kept on their lines while the user edits.

Each placed finding remembers the text of its line (its anchor). An edit shifts the findings
below it; then every finding of the file is checked against its anchor, looked for nearby if
the line moved, and dropped if its line is gone or changed, so that a diagnostic never points at
the wrong line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.spans import Span

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
) -> Placed | None:
    if lines is None or not 1 <= span.line <= len(lines):
        return None
    return Placed(source, role, finding, span, lines[span.line - 1].strip(), culprit_index)


class FindingStore:
    """The findings that are published, grouped by the source that produced them."""

    def __init__(self) -> None:
        self._by_source: dict[str, list[Placed]] = {}

    def replace_source(
        self,
        source: str,
        findings: Iterable[Finding],
        analysed_lines: ReadLines,
        current_lines: ReadLines,
        *,
        culprits: Callable[[Path], bool] = lambda path: True,
    ) -> set[Path]:
        """Publish a source's findings in place of its previous ones; return the files touched.
        ``culprits`` says whether a culprit in a file gets a diagnostic of its own.

        Each place is anchored to its line as the analysis read it, then found in the file as
        it is now (an editor may hold unsaved changes); a place whose line is gone is dropped.
        """
        placed: list[Placed] = []
        for finding in findings:
            spans: list[tuple[str, Span, int]] = []
            if finding.span is not None:
                spans.append((ROLE_ERROR, finding.span, -1))
            spans += [
                (ROLE_CULPRIT, c.span, i)
                for i, c in enumerate(finding.culprits)
                if culprits(c.span.path)
            ]
            for role, span, index in spans:
                item = _anchored(source, role, finding, span, analysed_lines(span.path), index)
                if item is not None:
                    verified = _verified(item, current_lines(item.path))
                    if verified is not None:
                        placed.append(verified)
        touched = {item.path for item in self._by_source.get(source, ())}
        self._by_source[source] = placed
        return touched | {item.path for item in placed}

    def clear(self, source: str | None = None) -> set[Path]:
        """Forget one source's findings (or all); return the files that had some."""
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
            self._by_source[source] = kept
        return changed


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
