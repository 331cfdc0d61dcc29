"""Core findings as LSP types: ranges, locations and self-describing diagnostics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.fixes import finding_target
from jaxerr_ls.locate import SourceSpan
from jaxerr_ls.tracking import ROLE_CULPRIT, Placed

SOURCE = "jaxerr"
_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


def to_uri(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


def to_range(line: int, col: int, end_line: int, end_col: int) -> types.Range:
    """A range from 1-based lines and 0-based columns."""
    return types.Range(
        start=types.Position(line=max(line - 1, 0), character=max(col, 0)),
        end=types.Position(line=max(end_line - 1, 0), character=max(end_col, 0)),
    )


def span_location(span: SourceSpan) -> types.Location:
    return types.Location(
        uri=to_uri(span.path), range=to_range(span.line, span.col, span.end_line, span.end_col)
    )


def diagnostic_data(item: Placed) -> dict[str, Any]:
    """What the code actions and hovers need, so that they never parse the output again."""
    finding = item.finding
    record = finding.match.record if finding.match is not None else None
    return {
        "source": item.source,
        "role": item.role,
        "code": finding.code,
        "recordId": record.id if record is not None else None,
        "exception": finding.exception,
        "message": finding.message[:8192],
        "captures": list(finding.match.captures) if finding.match is not None else [],
        "releases": finding.match.releases if finding.match is not None else None,
        "error": _span_json(finding.span),
        "culprits": [
            {**_span_fields(c.span), "kind": c.kind, "name": c.name} for c in finding.culprits
        ],
        "culpritIndex": item.culprit_index,
        "anchor": item.anchor,
        "target": target.to_json() if (target := finding_target(finding)) is not None else None,
    }


def _span_json(span: SourceSpan | None) -> dict[str, Any] | None:
    return None if span is None else _span_fields(span)


def _span_fields(span: SourceSpan) -> dict[str, Any]:
    return {
        "path": str(span.path),
        "line": span.line,
        "col": span.col,
        "endLine": span.end_line,
        "endCol": span.end_col,
    }


def _summary(finding: Finding) -> str:
    return finding.match.record.summary if finding.match is not None else ""


def to_diagnostic(item: Placed) -> types.Diagnostic:
    """A placed finding as a diagnostic that describes itself (code, link, related, data)."""
    finding = item.finding
    record = finding.match.record if finding.match is not None else None
    related: list[types.DiagnosticRelatedInformation] = []
    if item.role == ROLE_CULPRIT:
        culprit = finding.culprits[item.culprit_index]
        message = f"{culprit.description} is the cause of: {finding.first_line}"
        if finding.span is not None:
            related.append(
                types.DiagnosticRelatedInformation(
                    location=span_location(finding.span), message="the error surfaced here"
                )
            )
    else:
        message = finding.first_line
        related.extend(
            types.DiagnosticRelatedInformation(location=span_location(r.span), message=r.message)
            for r in finding.related
        )
    summary = _summary(finding)
    if summary:
        message = f"{message}\n{summary}"
    if finding.match is not None and finding.match.releases:
        message = f"{message}\nWorded so in JAX {finding.match.releases}."
    description = None
    if record is not None and record.github_url:
        description = types.CodeDescription(href=record.github_url)
    return types.Diagnostic(
        range=to_range(item.line, item.col, item.end_line, item.end_col),
        message=message,
        severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        code=finding.code,
        code_description=description,
        source=SOURCE,
        related_information=related or None,
        data=diagnostic_data(item),
    )
