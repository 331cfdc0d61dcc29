"""Quick fixes: a record's example fix carried out as edits of the user's code, checked first.

Each family of fixes lives in its own module and registers a provider per record code. A
provider reads the code the finding points at (the culprit rule, the failing call), and returns
fixes only where the code still looks like what failed and the edit is mechanical. A record with
no provider (or whose provider finds nothing to do) still gets its ``exampleFix`` applied where
the user's code near the error is literally the example's before code (``fixes.example``).
Every fix is then applied to the current text and parsed before it is offered.
"""

from __future__ import annotations

from pathlib import Path

from jaxerr_ls.diagnose import Finding
from jaxerr_ls.fixes import (
    callbacks,
    complex_input,
    complex_output,
    culprit_trees,
    custom_jvp,
    custom_vjp,
    grad,
    hijax,
    hijax_both,
    nondiff,
    refs,
    tangent_trees,
    tracing,
    transpose_example,
)
from jaxerr_ls.fixes.example import example_edit
from jaxerr_ls.fixes.model import (
    Applicability,
    CulpritRef,
    Fix,
    FixTarget,
    Provider,
    ReadSource,
)
from jaxerr_ls.fixes.source import checked
from jaxerr_ls.fixes.transform_calls import whole_capture

__all__ = [
    "PROVIDERS",
    "Applicability",
    "CulpritRef",
    "Fix",
    "FixTarget",
    "Provider",
    "ReadSource",
    "example_fixes",
    "finding_target",
    "fixes_for",
]

PROVIDERS: tuple[Provider, ...] = (
    hijax.PROVIDER,
    hijax_both.PROVIDER,
    *custom_vjp.PROVIDERS,
    *nondiff.PROVIDERS,
    *custom_jvp.PROVIDERS,
    refs.PROVIDER,
    *grad.PROVIDERS,
    refs.RETURNED_PROVIDER,
    refs.TREE_PROVIDER,
    refs.AVAL_PROVIDER,
    refs.GRAD_REF_PROVIDER,
    refs.REF_WRITE_PROVIDER,
    tangent_trees.PROVIDER,
    culprit_trees.TREES_PROVIDER,
    *tracing.PROVIDERS,
    *complex_input.PROVIDERS,
    *complex_output.PROVIDERS,
    callbacks.PROVIDER,
    transpose_example.PROVIDER,
)
_BY_CODE: dict[str, Provider] = {code: p for p in PROVIDERS for code in p.codes}

# How far (in lines) the example's before code may be from the error or its culprit.
EXAMPLE_REACH = 12
# A capture longer than this (a whole pytree printed in a message) is not worth carrying.
MAX_CAPTURE_CHARS = 2048


def example_fixes(target: FixTarget, read: ReadSource, example_fix: str) -> list[Fix]:
    """The record's example fix, where a file of the error holds its before code near the
    error's line, a culprit's definition, or another line of the traceback in the project."""
    spans = [target.span, *(culprit.span for culprit in target.culprits), *target.frames]
    near: dict[Path, list[tuple[int, int]]] = {}
    for span in spans:
        near.setdefault(span.path, []).append((span.line, span.end_line))
    at_fault: dict[Path, list[tuple[int, int]]] = {}
    for span in [target.span, *(culprit.span for culprit in target.culprits)]:
        at_fault.setdefault(span.path, []).append((span.line, span.end_line))
    for path, lines in near.items():
        text = read(path)
        if text is None:
            continue
        found = example_edit(path, text, example_fix)
        if found is None:
            continue
        edit, place = found
        # Code like the example but for its names is taken only where it holds the error or
        # its culprit: a short example looks like many a function nearby.
        reach = 0 if place.renamed else EXAMPLE_REACH
        held = lines if not place.renamed else at_fault.get(path, [])
        if any(place.first <= end + reach and start - reach <= place.last for start, end in held):
            # The example was written for another program: the edit is the record's
            # before/after code, right only as far as the user's code is that code.
            title = f"Apply the example fix of {target.code}"
            return [Fix(title, target.code, (edit,), applicability=Applicability.UNSAFE)]
    return []


def fixes_for(
    target: FixTarget, read_source: ReadSource, example_fix: str | None = None
) -> list[Fix]:
    """The fixes for a target whose edits apply cleanly to the current sources and parse.

    ``read_source(path)`` returns a file's current text (an editor's unsaved buffer, or the
    file on disk), or None when it cannot be read. ``example_fix`` is the record's
    ``exampleFix``, tried when no provider of the code offers a fix.
    """
    cache: dict[Path, str | None] = {}

    def read(path: Path) -> str | None:
        if path not in cache:
            cache[path] = read_source(path)
        return cache[path]

    provider = _BY_CODE.get(target.code)
    proposed = provider.compute(target, read) if provider is not None else []
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
    return FixTarget(
        code=finding.code,
        span=finding.span,
        captures={
            name: whole
            for name, text in finding.match.named.items()
            if len(whole := whole_capture(text, finding.message)) <= MAX_CAPTURE_CHARS
        },
        culprits=tuple(
            CulpritRef(c.span, c.kind, c.name, c.owner, c.why) for c in finding.culprits
        ),
        frames=tuple(dict.fromkeys(related.span for related in finding.related)),
    )
