"""The fixes of ``hijax-vjp-bwd-both`` (a hijax class overriding both backward methods): on the
lint trigger's prediction and on the real run's error (jax 0.10.2), and on variations written
otherwise (decorators, comments, the method named elsewhere). tests/e2e/test_lint_live.py runs
the fixed trigger under both pinned JAX versions."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from jaxerr_ls.fixes import Applicability, Fix, finding_target, fixes_for
from jaxerr_ls.lint import fix_target, lint_source
from jaxerr_ls.spans import apply_edits
from tests.triggers import analyze

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TRIGGER = FIXTURES / "lint" / "hijax_vjp_bwd_both.py"
CODE = "hijax-vjp-bwd-both"


def predicted_fixes(path: Path, text: str) -> list[Fix]:
    [prediction] = [p for p in lint_source(text, path=path).predictions if p.code == CODE]
    return fixes_for(fix_target(prediction), lambda p: text if p == path else None)


def fixed(text: str, fix: Fix) -> str:
    return apply_edits(text, list(fix.edits))


def methods(text: str) -> list[str]:
    [cls] = [n for n in ast.parse(text).body if isinstance(n, ast.ClassDef)]
    return [n.name for n in cls.body if isinstance(n, ast.FunctionDef)]


def test_the_prediction_on_the_trigger_offers_both_deletions() -> None:
    text = TRIGGER.read_text()
    keep_retval, keep_bwd = predicted_fixes(TRIGGER, text)
    assert keep_retval.preferred and keep_retval.applicability == Applicability.UNSAFE
    assert keep_bwd.applicability == Applicability.SAFE and not keep_bwd.preferred
    assert methods(fixed(text, keep_retval)) == ["__init__", "expand", "vjp_fwd", "vjp_bwd_retval"]
    assert methods(fixed(text, keep_bwd)) == ["__init__", "expand", "vjp_fwd", "vjp_bwd"]
    for fix in (keep_retval, keep_bwd):
        after = fixed(text, fix)
        assert CODE not in {p.code for p in lint_source(after).predictions}
        # Only the method's lines go: every other line, comments included, is kept.
        assert "\n\n\n\n" not in after and "\n\n\n    def" not in after
        kept = [line for line in after.splitlines() if "#" in line]
        gone = [line for line in text.splitlines() if "#" in line and line not in kept]
        assert all(line.lstrip().startswith("def vjp_bwd") for line in gone)


@pytest.mark.parametrize("version", ["0.10.2"])
def test_the_runs_error_offers_the_same_fixes(version: str) -> None:
    """jax 0.10.2 refuses the class at its ``super().__init__()``: the error inside the class."""
    log = FIXTURES / "logs" / "lint" / f"jax-{version}" / "hijax_vjp_bwd_both.log"
    [finding] = analyze(log.read_text(), TRIGGER.parent)
    target = finding_target(finding)
    assert target is not None and target.code == CODE
    from_run = fixes_for(target, lambda p: p.read_text())
    assert [f.edits for f in from_run] == [
        f.edits for f in predicted_fixes(TRIGGER, TRIGGER.read_text())
    ]


VARIATION = textwrap.dedent(
    '''
    from jax.experimental.hijax import HiPrim


    class Clip(HiPrim):
        """Clips with a straight-through gradient."""

        def __init__(self, aval):
            self.in_avals, self.out_aval, self.params = (aval,), aval, {}
            super().__init__()

        def vjp_fwd(self, nzs_in, x):
            return x, None

        # the accumulating rule, kept while migrating
        @staticmethod
        def vjp_bwd(res, g, acc):  # old
            acc.accum(g)
        # the rule we mean
        def vjp_bwd_retval(self, res, g):
            return (g,)
    '''
)


def test_decorators_and_comments_between_the_methods() -> None:
    path = Path("/project/clip.py")
    keep_retval, keep_bwd = predicted_fixes(path, VARIATION)
    after = fixed(VARIATION, keep_retval)
    assert "@staticmethod" not in after and "# old" not in after
    assert "# the accumulating rule, kept while migrating" in after
    assert "# the rule we mean" in after
    assert methods(after) == ["__init__", "vjp_fwd", "vjp_bwd_retval"]
    assert methods(fixed(VARIATION, keep_bwd)) == ["__init__", "vjp_fwd", "vjp_bwd"]
    assert keep_bwd.applicability == Applicability.SAFE


def test_deleting_vjp_bwd_retval_is_unsafe_where_the_module_names_it() -> None:
    path = Path("/project/clip.py")
    called = VARIATION + "\n\ndef check(prim, res, g):\n    return prim.vjp_bwd_retval(res, g)\n"
    _, keep_bwd = predicted_fixes(path, called)
    assert keep_bwd.applicability == Applicability.UNSAFE


def test_a_class_defining_only_one_method_has_no_fix() -> None:
    path = Path("/project/clip.py")
    text = VARIATION.replace("def vjp_bwd(res", "def old_bwd(res")
    assert CODE not in {p.code for p in lint_source(text, path=path).predictions}
    [before] = [p for p in lint_source(VARIATION, path=path).predictions if p.code == CODE]
    target = fix_target(before)
    assert fixes_for(target, lambda p: text) == []
