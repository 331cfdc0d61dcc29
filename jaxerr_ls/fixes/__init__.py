"""Quick fixes: a record's example fix carried out as edits of the user's code, checked first.

Each family of fixes lives in its own module and registers a provider per record code. A
provider reads the code the finding points at (the culprit rule, the failing call), and returns
fixes only where the code still looks like what failed and the edit is mechanical. Every fix is
then applied to the current text and parsed before it is offered.
"""

from __future__ import annotations

from collections.abc import Callable

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.fixes import custom_vjp, hijax, refs
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
    "finding_target",
    "fixes_for",
]

Provider = Callable[[FixTarget, Callable[[str], str | None]], list[Fix]]

PROVIDERS: dict[str, Provider] = {**hijax.PROVIDERS, **custom_vjp.PROVIDERS, **refs.PROVIDERS}


def fixes_for(target: FixTarget, read_source: Callable[[str], str | None]) -> list[Fix]:
    """The fixes for a target whose edits apply cleanly to the current sources and parse.

    ``read_source(path)`` returns a file's current text (an editor's unsaved buffer, or the
    file on disk), or None when it cannot be read.
    """
    provider = PROVIDERS.get(target.code)
    if provider is None:
        return []
    cache: dict[str, str | None] = {}

    def read(path: str) -> str | None:
        if path not in cache:
            cache[path] = read_source(path)
        return cache[path]

    offered = []
    for fix in provider(target, read):
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
    )
