"""Core findings as LSP types: ranges in the negotiated encoding, self-describing diagnostics.

The core counts columns in characters; the client counts in the position encoding agreed at
``initialize`` (UTF-16 for VS Code, often UTF-8 for Neovim). ``to_range`` is the one place a
``Span`` becomes a ``Range``, with the text of the lines it lies on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import PositionCodec

from jaxerr_ls.fixes import finding_target
from jaxerr_ls.payload import DiagnosticData, to_json
from jaxerr_ls.spans import Span
from jaxerr_ls.tracking import ROLE_CULPRIT, Placed

SOURCE = "jaxerr"
_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}
ReadLines = Callable[[Path], "Sequence[str] | None"]
# Where a notebook cell is shown: its document's uri and lines, by the cell's index (None: a
# cell the client did not name).
CellPlace = Callable[[int], "tuple[str, Sequence[str]] | None"]


def to_uri(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


def path_of(uri: str) -> Path | None:
    """The file a URI names (None for one that is not a file's)."""
    path = to_fs_path(uri)
    return Path(path) if path else None


def to_range(span: Span, lines: Sequence[str] | None, codec: PositionCodec) -> types.Range:
    """The span as a range in the client's units, counted on ``lines`` (the file's text)."""
    in_characters = types.Range(
        start=types.Position(line=span.line - 1, character=span.col),
        end=types.Position(line=span.end_line - 1, character=span.end_col),
    )
    if not lines:
        return in_characters
    return codec.range_to_client_units(list(lines), in_characters)


def span_place(
    span: Span, read: ReadLines, cells: CellPlace | None
) -> tuple[str, Sequence[str] | None]:
    """The uri of the document a span lies in and its lines: a file, or a notebook's cell."""
    if span.cell is not None and cells is not None:
        cell = cells(span.cell)
        if cell is not None:
            return cell
    return to_uri(span.path), read(span.path)


def span_location(
    span: Span, read: ReadLines, codec: PositionCodec, cells: CellPlace | None = None
) -> types.Location:
    uri, lines = span_place(span, read, cells)
    return types.Location(uri=uri, range=to_range(span, lines, codec))


def diagnostic_data(item: Placed) -> DiagnosticData:
    """What the code actions and hovers read back: the record, the role, the fix target, the
    command that runs the failure again."""
    match = item.finding.match
    return DiagnosticData(
        record_id=match.record.id if match is not None else None,
        role="culprit" if item.role == ROLE_CULPRIT else "error",
        # The fixes edit files; a cell's text is the notebook's, which they cannot edit.
        target=finding_target(item.finding) if item.span.cell is None else None,
        rerun=item.finding.rerun,
    )


def to_diagnostic(
    item: Placed, read: ReadLines, codec: PositionCodec, cells: CellPlace | None = None
) -> types.Diagnostic:
    """A placed finding as a diagnostic that describes itself (code, link, related, data);
    ``cells`` places the spans that lie in notebook cells."""
    finding = item.finding
    record = finding.match.record if finding.match is not None else None
    related: list[types.DiagnosticRelatedInformation] = []
    if item.role == ROLE_CULPRIT:
        culprit = finding.culprits[item.culprit_index]
        message = f"{culprit.description} is the cause of: {finding.first_line}"
        if culprit.why:
            message = f"{message}\n{culprit.why}"
        if finding.span is not None:
            related.append(
                types.DiagnosticRelatedInformation(
                    location=span_location(finding.span, read, codec, cells),
                    message="the error surfaced here",
                )
            )
    else:
        message = finding.first_line
        related.extend(
            types.DiagnosticRelatedInformation(
                location=span_location(r.span, read, codec, cells), message=r.message
            )
            for r in finding.related
        )
    if record is not None and record.summary:
        message = f"{message}\n{record.summary}"
    if finding.match is not None and finding.match.releases:
        message = f"{message}\nWorded so in JAX {finding.match.releases}."
    description = None
    if record is not None and record.github_url:
        description = types.CodeDescription(href=record.github_url)
    return types.Diagnostic(
        range=to_range(item.span, span_place(item.span, read, cells)[1], codec),
        message=message,
        severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        code=finding.code,
        code_description=description,
        source=SOURCE,
        related_information=related or None,
        data=to_json(diagnostic_data(item)),
    )
