"""Findings as command-line output: compiler-style text, JSON, or GitHub Actions commands."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jaxerr_ls.spans import Span

if TYPE_CHECKING:
    from jaxerr_ls.diagnose import Finding

FORMATS = ("text", "json", "github")
# ``lint`` also writes SARIF for code scanning.
LINT_FORMATS = (*FORMATS, "sarif")


# A log's findings name the same few files over and over (pathlib's relative_to is slow).
@functools.lru_cache(maxsize=1024)
def display_path(path: Path, relative_to: Path | None) -> str:
    """``path`` relative to a folder when it lies inside it, else absolute."""
    if relative_to is not None:
        try:
            return path.relative_to(relative_to).as_posix()
        except ValueError:
            pass
    return str(path)


def _see(finding: Finding) -> str:
    if finding.match is None or not finding.match.record.github_url:
        return ""
    return f" (see: {finding.match.record.github_url})"


def _where(span: Span, relative_to: Path | None) -> str:
    """``path`` or, in a notebook, ``path:cell N`` (cells counted from 1 in file order)."""
    where = display_path(span.path, relative_to)
    return where if span.cell is None else f"{where}:cell {span.cell + 1}"


def text_line(finding: Finding, relative_to: Path | None) -> str:
    """``path:line:col: severity [code] message`` with 1-based line and column, as compilers
    print it, so Vim's errorformat and Emacs' compilation mode can jump to it
    (``nb.ipynb:cell 3:line:col: ...`` in a notebook). An error that could not be placed in the
    project points at its line in the log instead."""
    message = f"{finding.severity} [{finding.code}] {finding.first_line}{_see(finding)}"
    if finding.span is not None:
        where = _where(finding.span, relative_to)
        return f"{where}:{finding.span.line}:{finding.span.col + 1}: {message}"
    return f"{finding.source_name}:{finding.event.log_line}:1: {message}"


def culprit_lines(finding: Finding, relative_to: Path | None) -> list[str]:
    """A ``note`` line for each culprit definition, after the error's own line."""
    lines = []
    for culprit in finding.culprits:
        where = display_path(culprit.span.path, relative_to)
        origin = ""
        if finding.span is not None:
            origin = f" (the error at {display_path(finding.span.path, relative_to)}"
            origin += f":{finding.span.line})"
        lines.append(
            f"{where}:{culprit.span.line}:{culprit.span.col + 1}: note [{finding.code}] "
            f"culprit: {culprit.description}{origin}"
        )
    return lines


def _span_json(span: Span, root: Path) -> dict[str, Any]:
    place: dict[str, Any] = {
        "file": display_path(span.path, root),
        "line": span.line,
        "column": span.col + 1,
        "end_line": span.end_line,
        "end_column": span.end_col + 1,
    }
    if span.cell is not None:
        place["cell"] = span.cell
    return place


def finding_json(finding: Finding, root: Path) -> dict[str, Any]:
    """One finding as the ``--format json`` object (documented in the README)."""
    if finding.span is not None:
        place: dict[str, Any] = _span_json(finding.span, root)
    else:
        place = {"file": None, "line": None, "column": None, "end_line": None, "end_column": None}
    record = None
    if finding.match is not None:
        matched = finding.match.record
        record = {
            "id": matched.id,
            "slug": matched.slug,
            "code": matched.code,
            "errorMessage": matched.error_message,
            "messagePattern": matched.message_pattern,
            "filePath": matched.file_path,
            "githubUrl": matched.github_url,
            "score": finding.match.score,
            "stage": finding.match.stage,
            "releases": finding.match.releases,
        }
    return {
        **place,
        "severity": finding.severity,
        "code": finding.code,
        "message": finding.message,
        "exception": finding.exception,
        "record": record,
        "related": [
            {
                "file": display_path(item.span.path, root),
                "line": item.span.line,
                "message": item.message,
                **({} if item.span.cell is None else {"cell": item.span.cell}),
            }
            for item in finding.related
        ],
        "test_id": finding.event.test_id,
        "source_log": {"path": finding.source_name, "line": finding.event.log_line},
    }


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_location(file: str, line: int, col: int, end_line: int, end_col: int) -> list[str]:
    """The ``file=...,line=...`` properties of a workflow command (columns 0-based in)."""
    properties = [f"file={_escape_property(file)}", f"line={line}", f"col={col + 1}"]
    if end_line == line:
        properties.append(f"endColumn={end_col + 1}")
    else:
        properties.append(f"endLine={end_line}")
    return properties


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}


def github_command(finding: Finding, root: Path) -> str:
    """A GitHub Actions workflow command that annotates the line in the pull request."""
    properties: list[str] = []
    if finding.span is not None and finding.span.cell is not None:
        # GitHub cannot point into a notebook's cell: the file, and the cell in the title.
        properties.append(f"file={_escape_property(display_path(finding.span.path, root))}")
    elif finding.span is not None:
        span = finding.span
        properties += github_location(
            display_path(span.path, root), span.line, span.col, span.end_line, span.end_col
        )
    body = finding.message.strip() + _see(finding)
    title = f"{finding.exception} [{finding.code}]"
    if finding.span is not None and finding.span.cell is not None:
        title += f" in cell {finding.span.cell + 1}, line {finding.span.line}"
    return workflow_command(finding.severity, properties, title, body)


def workflow_command(severity: str, location: list[str], title: str, body: str) -> str:
    """``::error file=...,title=...::body``, escaped as GitHub Actions reads it."""
    properties = [*location, f"title={_escape_property(title)}"]
    level = _GITHUB_LEVEL.get(severity, "error")
    return f"::{level} {','.join(properties)}::{_escape_data(body)}"


def render_findings(findings: Iterable[Finding], output_format: str, root: Path) -> Iterable[str]:
    """The output lines (or, for JSON, one document) for a list of findings."""
    if output_format == "json":
        yield json.dumps([finding_json(f, root) for f in findings], indent=2)
    elif output_format == "github":
        for finding in findings:
            yield github_command(finding, root)
    else:
        cwd = Path(os.getcwd()).resolve()
        for finding in findings:
            yield text_line(finding, cwd)
            yield from culprit_lines(finding, cwd)
