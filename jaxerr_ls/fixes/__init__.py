"""Quick fixes: a record's example fix carried out as edits of the user's code, checked first.

Each family of fixes lives in its own module and registers a provider per record code. A
provider reads the code the finding points at (the culprit rule, the failing call), and returns
fixes only where the code still looks like what failed and the edit is mechanical. A record with
no provider (or whose provider finds nothing to do) still gets its ``exampleFix`` applied where
the user's code near the error is literally the example's before code (``fixes.example``).
Every fix is then applied to the current text and parsed before it is offered.
"""

from __future__ import annotations

from collections.abc import Callable

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.fixes import custom_vjp, hijax, refs
from jaxerr_ls.fixes.example import example_edit
from jaxerr_ls.fixes.model import CulpritRef, Fix, FixTarget, TextEdit
from jaxerr_ls.fixes.source import apply_edits, checked

__all__ = [
    "PROVIDERS",
    "CulpritRef",
    "Fix",
    "FixTarget",
    "Provider",
    "TextEdit",
    "apply_edits",
    "example_fixes",
    "finding_target",
    "fixes_for",
]

Provider = Callable[[FixTarget, Callable[[str], str | None]], list[Fix]]

PROVIDERS: dict[str, Provider] = {**hijax.PROVIDERS, **custom_vjp.PROVIDERS, **refs.PROVIDERS}


# How far (in lines) the example's before code may be from the error or its culprit.
EXAMPLE_REACH = 12


def example_fixes(
    target: FixTarget, read: Callable[[str], str | None], example_fix: str
) -> list[Fix]:
    """The record's example fix, where a file of the error holds its before code near the
    error's line, a culprit's definition, or another line of the traceback in the project."""
    near: dict[str, list[tuple[int, int]]] = {target.path: [(target.line, target.end_line)]}
    for culprit in target.culprits:
        near.setdefault(culprit.path, []).append((culprit.line, culprit.end_line))
    for path, line in target.frames:
        near.setdefault(path, []).append((line, line))
    for path, spans in near.items():
        text = read(path)
        if text is None:
            continue
        found = example_edit(path, text, example_fix)
        if found is None:
            continue
        edit, place = found
        if any(
            place.first <= end + EXAMPLE_REACH and start - EXAMPLE_REACH <= place.last
            for start, end in spans
        ):
            return [Fix(f"Apply the example fix of {target.code}", target.code, (edit,))]
    return []


def fixes_for(
    target: FixTarget,
    read_source: Callable[[str], str | None],
    example_fix: str | None = None,
) -> list[Fix]:
    """The fixes for a target whose edits apply cleanly to the current sources and parse.

    ``read_source(path)`` returns a file's current text (an editor's unsaved buffer, or the
    file on disk), or None when it cannot be read. ``example_fix`` is the record's
    ``exampleFix``, tried when no provider of the code offers a fix.
    """
    cache: dict[str, str | None] = {}

    def read(path: str) -> str | None:
        if path not in cache:
            cache[path] = read_source(path)
        return cache[path]

    provider = PROVIDERS.get(target.code)
    proposed = provider(target, read) if provider is not None else []
    if not proposed and example_fix:
        proposed = example_fixes(target, read, example_fix)
    offered = []
    for fix in proposed:
        texts = {edit.path: read(edit.path) for edit in fix.edits}
        sources = {path: text for path, text in texts.items() if text is not None}
        if fix.edits and len(sources) == len(texts) and checked(sources, fix.edits):
            offered.append(fix)
    return offered


def finding_target(finding: Finding) -> FixTarget | None:
    """What a diagnostic for this finding carries for its fixes; None when none can apply."""
    if finding.match is None or finding.span is None:
        return None
    span = finding.span
    return FixTarget(
        code=finding.code,
        message=finding.message,
        exception=finding.exception,
        captures=tuple(finding.match.captures),
        path=str(span.path),
        line=span.line,
        col=span.col,
        end_line=span.end_line,
        end_col=span.end_col,
        culprits=tuple(
            CulpritRef(
                path=str(c.span.path),
                line=c.span.line,
                col=c.span.col,
                end_line=c.span.end_line,
                end_col=c.span.end_col,
                kind=c.kind,
                name=c.name,
            )
            for c in finding.culprits
        ),
        frames=tuple(dict.fromkeys((str(r.span.path), r.span.line) for r in finding.related)),
    )
