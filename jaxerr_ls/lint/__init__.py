"""Predicting JAX autodiff errors from the source, before the run: ``lint_source`` for one module.

The checks (``checks.py``) read the module model of ``jaxerr_ls.project``; each reports a record
code, so a prediction is explained, linked and fixed like the error the run would raise. A line
ending in ``# jaxerr: ignore[code, ...]`` (or a bare ``# jaxerr: ignore``) drops predictions that
start on it. Predictions inside a test that expects an exception (``pytest.raises``,
``assertRaises...``) are kept apart: there the error is what the test checks.
"""

from __future__ import annotations

import ast
import gc
import io
import re
import tokenize
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from jaxerr_ls.fixes.model import CulpritRef, FixTarget
from jaxerr_ls.lint.checks import CHECKS, CODES, Check, Prediction, Spans, checks_for, run_checks
from jaxerr_ls.lint.imports import ProjectModules
from jaxerr_ls.lint.values import Project
from jaxerr_ls.lint.versions import for_jax, installed_jax_version
from jaxerr_ls.project import ModuleModel, Scope, build
from jaxerr_ls.records import CulpritKind

__all__ = [
    "CODES",
    "LintResult",
    "Prediction",
    "Suppression",
    "fix_target",
    "installed_jax_version",
    "lint_source",
    "raised_by_run",
]

# Where the predictions of a source given without a file are placed.
MODULE = Path("<module>")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_NAME_RE = re.compile(r"[^\W\d]\w*")
_IGNORE_RE = re.compile(r"#\s*jaxerr:\s*ignore(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Suppression:
    """``# jaxerr: ignore[...]`` on a line; ``codes`` is None for a bare ``ignore``."""

    line: int
    col: int
    codes: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class LintResult:
    predictions: list[Prediction]
    suppressions: list[Suppression]
    syntax_error: str | None = None
    # Predictions in tests that expect an exception (left out of ``predictions``).
    expected: list[Prediction] = field(default_factory=list)


# Calls that say the code around them is meant to raise: unittest's and JAX's test helpers and
# ``pytest.raises``.
_EXPECTING = frozenset(
    {
        "assertRaises",
        "assertRaisesRegex",
        "assertRaisesRegexp",
        "assertRaisesWithLiteralMatch",
        "check_raises",
        "check_raises_regexp",
    }
)


def expecting_ranges(model: ModuleModel) -> list[tuple[int, int]]:
    """The lines of each test function (the outermost function below a class or the module)
    that expects an exception somewhere in it: errors there are the test's subject."""
    ranges = []
    for call, scope in model.calls:
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name not in _EXPECTING and not (
            name == "raises" and model.qualified_name(func, scope) == "pytest.raises"
        ):
            continue
        top: ast.AST | None = None
        current: Scope | None = scope
        while current is not None and not isinstance(current.node, ast.Module | ast.ClassDef):
            if isinstance(current.node, ast.FunctionDef | ast.AsyncFunctionDef):
                top = current.node
            current = current.parent
        if isinstance(top, ast.FunctionDef | ast.AsyncFunctionDef):
            ranges.append((top.lineno, top.end_lineno or top.lineno))
    return ranges


def suppressions(source: str) -> list[Suppression]:
    """The suppression comments of a module, read from its comment tokens (never from a
    string that happens to contain the text)."""
    if _IGNORE_RE.search(source) is None:
        return []
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type != tokenize.COMMENT:
                continue
            match = _IGNORE_RE.search(token.string)
            if match is None:
                continue
            codes = match["codes"]
            listed = None
            if codes is not None:
                listed = tuple(c.strip() for c in codes.split(",") if c.strip())
            found.append(Suppression(token.start[0], token.start[1] + match.start(), listed))
    except (tokenize.TokenError, SyntaxError):
        pass
    return found


def _suppressed(prediction: Prediction, by_line: dict[int, list[Suppression]]) -> bool:
    for suppression in by_line.get(prediction.span.line, ()):
        if suppression.codes is None or prediction.code in suppression.codes:
            return True
    return False


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off while a module is parsed and analysed."""
    # The parse and the model allocate some ten objects a line, all alive until the analysis
    # ends: a collection every 2,000 allocations would find no garbage, only walk them again
    # (and the whole heap at each full collection), a third of a parse's time. Another thread
    # that paused it too finds it paused and leaves it to this one.
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def source_lines(source: str) -> list[str]:
    """The lines of a module as Python numbers them (``\\r\\n``, ``\\r`` or ``\\n`` end a line;
    a form feed does not, though ``str.splitlines`` splits there)."""
    return _LINE_BREAK.split(source)


def lint_model(
    model: ModuleModel,
    source: str,
    enabled: frozenset[str] = CODES,
    path: Path = MODULE,
    checks: Sequence[Check] = CHECKS,
    jax_version: str | None = None,
    comments: list[Suppression] | None = None,
    modules: ProjectModules | None = None,
) -> LintResult:
    """The predictions of the ``checks`` on a module's model, as the JAX ``jax_version``
    raises them (None: not known, each names what every pinned release raises).
    ``comments`` are the source's suppression comments, where the caller has read them.
    ``modules`` are the project's other modules, from which the module imports functions."""
    found = suppressions(source) if comments is None else comments
    by_line: dict[int, list[Suppression]] = {}
    for suppression in found:
        by_line.setdefault(suppression.line, []).append(suppression)
    ranges = expecting_ranges(model)
    predictions, expected = [], []
    project = None if modules is None else Project(modules, modules.importer(path))
    spans = Spans(path, source_lines(source))
    for prediction in run_checks(model, spans, enabled, checks, project):
        if _suppressed(prediction, by_line):
            continue
        line = prediction.span.line
        if any(start <= line <= end for start, end in ranges):
            expected.append(prediction)
        else:
            predictions.append(prediction)
    return LintResult(
        for_jax(predictions, jax_version), found, expected=for_jax(expected, jax_version)
    )


def lint_source(
    source: str,
    enabled: frozenset[str] = CODES,
    path: Path = MODULE,
    parse: Callable[[str], ast.Module | None] | None = None,
    jax_version: str | None = None,
    modules: ProjectModules | None = None,
) -> LintResult:
    """The predictions for one module's source, placed in ``path``. A module that does not parse
    has none (its syntax error is reported, for the caller to show or not); one that names no API
    a check starts from is not parsed at all. ``parse`` stands for ``ast.parse`` (None where that
    raises): the server's ``ChunkedParser`` of the document, which re-parses only what changed.
    ``jax_version`` is the JAX the project uses (``installed_jax_version``), None if unknown;
    ``modules`` the project's other modules (functions imported from them are checked too)."""
    checks = checks_for(source, enabled)
    if not checks:
        return LintResult([], suppressions(source))
    with collector_paused():
        if parse is None:
            model = build(source)
        else:
            tree = parse(source)
            model = None if tree is None else ModuleModel(tree)
        if model is None:
            return LintResult([], [], "the file does not parse")
        return lint_model(model, source, enabled, path, checks, jax_version, modules=modules)


def raised_by_run(
    prediction: Prediction,
    code: str,
    places: Iterable[int],
    lines: Sequence[str],
    by_subject: bool = True,
) -> bool:
    """Whether a run's error of record ``code`` is the predicted one (or the record another JAX
    version raises for it). ``places`` are the lines
    of the prediction's module where the run shows it: where it surfaced, its culprits and its
    traceback's frames. The same record and either a line in common (the prediction's, or its
    culprit's) or, with ``by_subject`` (for a run that names no culprit: one that does says
    where the fault is), a frame whose line names the prediction's subject (the run reached the
    faulty class or custom function through it)."""
    if code != prediction.code and code not in prediction.also:
        return False
    places = set(places)
    own = {prediction.span.line}
    culprit = prediction.culprit
    if culprit is not None and culprit.path == prediction.span.path:
        own.add(culprit.line)
    if own & places:
        return True
    subject = prediction.subject
    if subject is None or not by_subject:
        return False
    for line in places:
        if 1 <= line <= len(lines):
            # The comment is left out: a frame's line that only mentions the name there
            # does not reach it.
            code_part = lines[line - 1].split("#", 1)[0]
            if subject in _NAME_RE.findall(code_part):
                return True
    return False


# What the run error's pattern would capture, where the source tells: read by the fixes.
def _captures(prediction: Prediction, owner: str | None) -> dict[str, str]:
    if prediction.check_code == "hijax-vjp-bwd-return" and owner:
        return {"primitive": owner}
    if prediction.check_code == "vjp-ref-grad-missing" and prediction.captures:
        return {"argument": prediction.captures[0]}
    if prediction.check_code in ("grad-int-input", "jacfwd-int-input") and prediction.captures:
        return {"dtype": prediction.captures[0]}
    return {}


_CULPRIT_KINDS = {
    "custom_vjp fwd rule": CulpritKind.CUSTOM_VJP_FWD,
    "custom_vjp bwd rule": CulpritKind.CUSTOM_VJP_BWD,
    "custom_jvp rule": CulpritKind.CUSTOM_JVP_RULE,
    # The return of the function a transform differentiates (the grad output checks).
    "return of": CulpritKind.TRANSFORM_FUNCTION,
}


def fix_target(prediction: Prediction) -> FixTarget:
    """What a diagnostic for the prediction carries for the record's quick fixes: the same
    target the run's error would give (its culprit, and the captures the source tells)."""
    culprit, label = prediction.culprit, prediction.culprit_kind or ""
    owner = None
    kind = _CULPRIT_KINDS.get(label)
    if label.endswith(" method") and prediction.check_code == "hijax-vjp-bwd-return":
        kind, owner = CulpritKind.HIJAX_VJP_BWD, label.removesuffix(" method").strip("`")
    culprits: tuple[CulpritRef, ...] = ()
    if culprit is not None and kind is not None and prediction.culprit_name:
        culprits = (CulpritRef(culprit, kind, prediction.culprit_name, owner),)
    return FixTarget(
        code=prediction.check_code,
        span=prediction.span,
        captures=_captures(prediction, owner),
        culprits=culprits,
    )
