"""Static predictions against the trigger programs' markers, and silence where the code leaves
room for doubt.

Every trigger program (the fixture project's scripts and modules, and tests/fixtures/lint) marks
the line where its real run fails (``# jaxerr-expect: CODE``) and the definition at fault
(``# jaxerr-culprit: CODE``). A prediction must land (its span or its culprit) on a marker of its
code; every marker of a code the linter predicts must be predicted, except the few listed below
whose cause lies in another module. tests/e2e/test_lint_live.py runs the lint triggers for real.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from jaxerr_ls.lint import CODES, Prediction, lint_model, lint_source, suppressions
from jaxerr_ls.lint.checks import CHECKS, checks_for
from jaxerr_ls.project import build

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"
LINT_TRIGGERS = FIXTURES / "lint"
FILES = sorted(
    [*PROJECT.glob("scripts/*.py"), *PROJECT.glob("model/*.py"), *LINT_TRIGGERS.glob("*.py")]
)
_MARKER_RE = re.compile(r"#\s*jaxerr-(expect|culprit):\s*([\w.-]+)")

# Markers of predicted codes the linter cannot reach from the marked module alone: the function
# at fault is imported from another module (each is predicted where it is defined, when that
# module shows the fault), or the fault is in a call with *args.
NOT_DECIDABLE_HERE = {
    ("scripts/custom_rule_bwd_structure.py", "custom-vjp-bwd-structure"),
    ("scripts/custom_rule_jvp_not_pair.py", "custom-jvp-rule-not-pair"),
    ("scripts/custom_rule_vjp_no_rule.py", "custom-vjp-no-rule"),
    ("scripts/custom_jvp_no_rule.py", "custom-jvp-no-rule"),
    ("scripts/custom_vjp_fwd_not_pair.py", "custom-vjp-fwd-not-pair"),
    ("scripts/grad_loss_with_metrics.py", "grad-output-not-array"),
    ("scripts/hijax_prim_no_vjp_bwd.py", "hijax-vjp-bwd-missing"),
    ("scripts/hijax_vjp_bwd_return.py", "hijax-vjp-bwd-return"),
    ("scripts/ref_grad_returned.py", "vjp-ref-grad-returned"),
    ("scripts/ref_with_refs_tree.py", "vjp-with-refs-tree"),
    # A class with no reverse-mode rule at all may never be differentiated: only the module
    # that differentiates it (another one) shows the error.
    ("model/prims.py", "hijax-vjp-fwd-missing"),
}


def markers(path: Path) -> set[tuple[int, str]]:
    found = set()
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        for match in _MARKER_RE.finditer(text):
            found.add((number, match[2]))
    return found


def placed_lines(prediction: Prediction) -> set[int]:
    lines = {prediction.span.line}
    if prediction.culprit is not None:
        lines.add(prediction.culprit.line)
    return lines


def relative(path: Path) -> str:
    base = PROJECT if path.is_relative_to(PROJECT) else LINT_TRIGGERS
    return path.relative_to(base).as_posix()


@pytest.mark.parametrize("path", FILES, ids=relative)
def test_predictions_land_on_the_markers(path: Path) -> None:
    marked = markers(path)
    predictions = lint_source(path.read_text()).predictions
    for prediction in predictions:
        assert any((line, prediction.code) in marked for line in placed_lines(prediction)), (
            f"{relative(path)}:{prediction.span.line}: unmarked {prediction.code}"
        )
    for line, code in sorted(marked):
        if code not in CODES:
            continue
        # A failing call and its culprit are marked alike: one prediction covers the pair.
        same_code = {number for number, other in marked if other == code}
        covered = any(p.code == code and placed_lines(p) & same_code for p in predictions)
        if (relative(path), code) in NOT_DECIDABLE_HERE:
            assert not covered, f"{relative(path)}: {code} is predicted now; update the list"
        else:
            assert covered, f"{relative(path)}:{line}: {code} not predicted"


def test_every_check_has_a_trigger() -> None:
    predicted = set()
    for path in FILES:
        marked = markers(path)
        for prediction in lint_source(path.read_text()).predictions:
            if any((line, prediction.code) in marked for line in placed_lines(prediction)):
                predicted.add(prediction.code)
    assert predicted == set(CODES)


@pytest.mark.parametrize("path", FILES, ids=relative)
def test_the_text_prescan_changes_no_prediction(path: Path) -> None:
    """Each check runs only on a module whose text names an API it starts from: on every
    trigger, the result is what all the checks give on the full model."""
    source = path.read_text()
    model = build(source)
    assert model is not None
    assert lint_source(source).predictions == lint_model(model, source).predictions


def test_a_module_naming_no_api_is_not_modelled() -> None:
    source = (
        "import numpy as np\n\ndef f(x):  # jaxerr: ignore[grad-ref-argument]\n"
        "    return np.sin(x)\n"
    )
    assert checks_for(source.replace("grad-ref-argument", "x")) == ()
    result = lint_source(source.replace("grad-ref-argument", "x") + "def g(:\n")
    assert result.predictions == [] and result.syntax_error is None
    # The suppression comment's code is still read, so an unknown one is reported.
    assert [s.codes for s in lint_source(source).suppressions] == [("grad-ref-argument",)]
    assert {c.run for c in checks_for("jax.grad(f)(x)")} == {
        c.run for c in CHECKS if "grad" in c.needs
    }


def lint(code: str) -> list[tuple[str, str, int]]:
    found = lint_source(textwrap.dedent(code)).predictions
    return [(p.code, p.severity, p.span.line) for p in found]


def test_aliases_resolve() -> None:
    assert lint(
        """
        import jax as j
        from jax import value_and_grad as vg
        def f(w, x):
            return (w * x).sum(), w
        def g(w, x):
            return w - x
        a = j.grad(f)(1.0, 2.0)
        b = vg(g, has_aux=True)(1.0, 2.0)
        """
    ) == [("grad-output-not-array", "error", 8), ("grad-has-aux-not-pair", "error", 9)]


@pytest.mark.parametrize(
    "code",
    [
        # *args: any position may exist.
        """
        import jax
        def f(*args):
            return args[0]
        jax.grad(f, argnums=3)
        """,
        # argnums not a literal
        """
        import jax
        N = 3
        def f(x):
            return x
        jax.grad(f, argnums=N)
        """,
        # the function comes from another module
        """
        import jax
        from model import loss
        jax.grad(loss, has_aux=True)(1.0)
        """,
        # rebound: either definition may be the one differentiated
        """
        import jax
        def f(x):
            return x, x
        if cond:
            def f(x):
                return x
        jax.grad(f)(1.0)
        """,
        # one return is a pair
        """
        import jax
        def f(x):
            if x > 0:
                return x
            return x, {}
        jax.grad(f, has_aux=True)(1.0)
        """,
        # not JAX's grad
        """
        from flax import linen as nn
        def f(x):
            return x, x
        nn.grad(f)(1.0)
        """,
        # the rule is registered in a loop or elsewhere: unknown
        """
        import jax
        @jax.custom_vjp
        def f(x):
            return x
        register(f)
        f.defvjp(*rules)
        """,
        # a tuple of unknown length from the fwd rule
        """
        import jax
        @jax.custom_vjp
        def f(x):
            return x
        def f_fwd(x):
            return make_pair(x)
        def f_bwd(r, g):
            return (g,)
        f.defvjp(f_fwd, f_bwd)
        """,
        # tuple times an int is a tuple: not surely an array
        """
        import jax
        @jax.custom_jvp
        def f(x):
            return x
        @f.defjvp
        def f_jvp(primals, tangents):
            return primals * 1
        """,
        # hijax class without vjp_fwd whose rules are assigned
        """
        from jax.experimental.hijax import HiPrim, vjp_from_jvp
        class P(HiPrim):
            vjp_fwd, vjp_bwd_retval = vjp_from_jvp
            def vjp_bwd(self, res, g, acc):
                acc.accum(g)
        """,
        # vjp_bwd returning its log dict
        """
        from jax.experimental.hijax import HiPrim
        class P(HiPrim):
            def vjp_fwd(self, nzs, x):
                return x, x
            def vjp_bwd(self, res, g, acc):
                acc.accum(g)
                return {"norm": g}
        """,
        # a decorator that changes what the function returns
        """
        import jax
        @jax.custom_gradient
        def f(x):
            return x ** 2, lambda g: (g * x,)
        jax.grad(f)(3.0)
        """,
        # rules given with another registration method
        """
        import jax
        @jax.custom_vjp
        def log_id(x):
            return x
        log_id.defvjp_with_logs(lambda x: (x, None), lambda _, ct: ((ct,), {}))
        """,
        # a Ref that is rebound later, and with_refs with the right placeholders
        """
        import jax
        r = jax.new_ref(1.0)
        r = 2.0
        jax.grad(f)(r)
        w = jax.new_ref(1.0)
        out, f_vjp = jax.vjp(f, w)
        f_vjp.with_refs(g)(1.0)
        """,
        # vjp_bwd: a name bound twice, a helper returning its parameter, a dict subclass of
        # a class with a metaclass (what their instances are is not the module's to say)
        """
        from jax.experimental.hijax import HiPrim
        class Logs(dict):
            pass
        class Meta(type):
            pass
        class Odd(metaclass=Meta):
            pass
        class A(HiPrim):
            def vjp_fwd(self, nzs, x):
                return x, x
            def vjp_bwd(self, x, g, x_acc):
                ct = g
                ct = ct * x
                x_acc.accum(ct)
                return ct
        class B(HiPrim):
            def vjp_fwd(self, nzs, x):
                return x, x
            def vjp_bwd(self, x, g, x_acc, y_acc):
                return self._scatter((x_acc, y_acc), g)
            def _scatter(self, accs, cts):
                for acc, ct in zip(accs, cts):
                    acc.accum(ct)
                return cts
        class C(HiPrim):
            def vjp_fwd(self, nzs, x):
                return x, x
            def vjp_bwd(self, x, g, x_acc):
                x_acc.accum(g)
                return Logs(peak=g.max()) if g.size else Odd()
        """,
        # a gradient function bound to a name: called with enough positional arguments, with
        # *args or **kwargs, or the name rebound
        """
        import jax
        def f(a, b):
            return a * b
        g = jax.grad(f, argnums=1)
        g(1.0, 2.0)
        g(*args)
        g(1.0, **kw)
        h = jax.grad(f, argnums=1)
        h = other
        h(1.0)
        """,
        # custom rules: a two-field NamedTuple is a pair; a one-argument where is a tuple
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp
        class Pair(NamedTuple):
            out: jax.Array
            res: jax.Array
        @jax.custom_vjp
        def f(x):
            return x
        def f_fwd(x):
            return Pair(x, x)
        def f_bwd(res, g):
            return jnp.where(g > 0)
        f.defvjp(f_fwd, f_bwd)
        """,
    ],
)
def test_silent_where_the_code_leaves_room_for_doubt(code: str) -> None:
    assert lint(code) == []


def test_severity_is_a_warning_when_the_transform_is_not_applied_here() -> None:
    assert lint(
        """
        import jax
        def f(x, y):
            return x - y
        def h(x, y):
            return (x - y, y)
        grad_f = jax.grad(f, argnums=2)
        loss_grad = jax.value_and_grad(h)
        """
    ) == [
        ("grad-argnums-missing-positional", "warning", 7),
        ("grad-output-not-array", "warning", 8),
    ]


def test_jacobian_argnums_out_of_range_in_every_spelling() -> None:
    """Each of these raises the record's ValueError under jax 0.12.0.1 and 0.10.2 (the applied
    ones where they stand, the others once called with the positional arguments the function
    takes): a call that passes too few positional arguments, or a function that takes too few."""
    assert lint(
        """
        import functools
        from functools import partial
        import jax
        from jax import jacfwd as jf
        def f(x, y):
            return x * y
        a = jax.jacrev(f, argnums=2)(1.0, 2.0)
        b = jf(f, 1)(1.0, y=2.0)
        c = jax.hessian(f, argnums=(0, -3))(1.0, 2.0)
        d = jax.jacobian(f)(x=1.0, y=2.0)
        e = jax.jacfwd(f, argnums=2)
        g = jax.jacrev(functools.partial(f, 1.0), argnums=1)
        @partial(jax.jacrev, argnums=1)
        @jax.jit
        def k(x):
            return x ** 2
        class Model:
            def energy(self, x, y):
                return x * y
            def forces(self):
                return jax.jacrev(self.energy, argnums=2)
            def force(self, x):
                return jax.jacrev(self.energy, argnums=1)(x)
        """
    ) == [
        ("jacobian-argnums-out-of-range", "error", 8),
        ("jacobian-argnums-out-of-range", "error", 9),
        ("jacobian-argnums-out-of-range", "error", 10),
        ("jacobian-argnums-out-of-range", "error", 11),
        ("jacobian-argnums-out-of-range", "warning", 12),
        ("jacobian-argnums-out-of-range", "warning", 13),
        ("jacobian-argnums-out-of-range", "warning", 14),
        ("jacobian-argnums-out-of-range", "warning", 22),
        ("jacobian-argnums-out-of-range", "error", 24),
    ]


@pytest.mark.parametrize(
    "code",
    [
        # in range, counted from either end
        """
        import jax
        def f(x, y):
            return x * y
        a = jax.jacrev(f, argnums=(0, 1))(1.0, 2.0)
        b = jax.jacfwd(f, argnums=-2)(1.0, 2.0)
        c = jax.hessian(f, argnums=1)
        """,
        # *args, in the function or in the call
        """
        import jax
        def f(*args):
            return args[0]
        def g(x):
            return x
        a = jax.jacrev(f, argnums=3)
        b = jax.jacfwd(g, argnums=0)(*xs)
        """,
        # argnums not a literal, a function from elsewhere, a partial fixing a keyword
        """
        import functools
        import jax
        from model import energy
        def f(x, y):
            return x * y
        a = jax.jacrev(f, argnums=N)
        b = jax.jacrev(energy, argnums=3)
        c = jax.jacfwd(functools.partial(f, y=2.0), argnums=1)
        """,
        # a decorator above the transform, or one that may change the parameters
        """
        from functools import partial
        import jax
        @partial(jax.jacrev, argnums=1)
        @functools.wraps(g)
        def k(x):
            return x
        """,
    ],
)
def test_jacobian_argnums_silent_where_in_range_or_unknown(code: str) -> None:
    assert lint(code) == []


def test_grad_argnums_through_a_partial_decorator() -> None:
    assert lint(
        """
        from functools import partial
        import jax
        @partial(jax.value_and_grad, argnums=(0, 2))
        def loss(params, batch):
            return (params * batch).sum()
        """
    ) == [("grad-argnums-missing-positional", "warning", 4)]


def test_bwd_tuple_length_counts_nondiff_argnums() -> None:
    source = """
        from functools import partial
        import jax
        @partial(jax.custom_vjp, nondiff_argnums=(0,))
        def f(n, x, y):
            return x * y
        def f_fwd(n, x, y):
            return x * y, (x, y)
        def f_bwd(n, res, g):
            return (g * res[1], g * res[0])
        f.defvjp(f_fwd, f_bwd)
        """
    assert lint(source) == []
    assert lint(source.replace("(g * res[1], g * res[0])", "(g * res[1], g * res[0], None)")) == [
        ("custom-vjp-bwd-structure", "error", 10)
    ]


def test_suppression_comments() -> None:
    source = """
        import jax
        def f(x):
            return x, x
        a = jax.grad(f)(1.0)  # jaxerr: ignore[grad-output-not-array]
        b = jax.grad(f)(1.0)  # jaxerr: ignore
        c = jax.grad(f)(1.0)  # jaxerr: ignore[grad-nonscalar-output]
        d = "# jaxerr: ignore"; e = jax.grad(f)(1.0)
        """
    assert [line for _, _, line in lint(source)] == [7, 8]
    found = suppressions(textwrap.dedent(source))
    assert [(s.line, s.codes) for s in found] == [
        (5, ("grad-output-not-array",)),
        (6, None),
        (7, ("grad-nonscalar-output",)),
    ]


def test_unparsable_source_has_no_predictions() -> None:
    result = lint_source("import jax\ndef f(:\n    return jax.grad\n")
    assert result.predictions == [] and result.syntax_error is not None


def test_model_resolves_try_except_imports_and_partials() -> None:
    model = build(
        textwrap.dedent(
            """
            import functools
            import jax
            try:
                from jax.experimental.hijax import HiPrim
            except ImportError:
                from jax.experimental.hijax import VJPHiPrimitive as HiPrim
            class P(HiPrim):
                def vjp_fwd(self, nzs, x):
                    return x, x
            def loss(w, x, y):
                return w
            g = jax.grad(functools.partial(loss, 1.0), argnums=1)
            """
        )
    )
    assert model is not None
    assert [c.node.name for c in model.hijax_classes] == ["P"]
    [transform] = model.transforms
    assert transform.api == "jax.grad"
    assert transform.target is not None and not isinstance(transform.target, type(None))


def test_tests_that_expect_the_error_are_kept_apart() -> None:
    source = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp
        import pytest

        class GradTest:
            def test_tuple_output(self):
                with self.assertRaisesRegex(TypeError, "scalar-output"):
                    jax.grad(lambda x: (x, x))(1.0)

        def test_nonscalar():
            with pytest.raises(TypeError):
                jax.grad(lambda x: jnp.zeros((3,)))(1.0)

        def test_broken():
            jax.grad(lambda x: (x, x))(1.0)
        """
    )
    result = lint_source(source)
    assert [(p.code, p.span.line) for p in result.predictions] == [("grad-output-not-array", 16)]
    assert [(p.code, p.span.line) for p in result.expected] == [
        ("grad-output-not-array", 9),
        ("grad-nonscalar-output", 13),
    ]


def test_jit_keeps_the_function_visible() -> None:
    assert lint(
        """
        import jax
        @jax.jit
        def f(x):
            return x, x
        jax.grad(f)(1.0)
        """
    ) == [("grad-output-not-array", "error", 6)]


@pytest.mark.parametrize(
    ("path", "code"),
    [
        (PROJECT / "model" / "hijax_ops.py", "hijax-vjp-bwd-return"),
        (PROJECT / "scripts" / "vjp_ref_grad_missing.py", "vjp-ref-grad-missing"),
        (PROJECT / "scripts" / "grad_has_aux_not_pair.py", "grad-has-aux-not-pair"),
        (PROJECT / "scripts" / "grad_nonscalar.py", "grad-nonscalar-output"),
        (LINT_TRIGGERS / "grad_argnums_named_call.py", "grad-argnums-missing-positional"),
    ],
    ids=lambda v: v if isinstance(v, str) else v.name,
)
def test_a_prediction_gets_the_quick_fix_of_the_run_error(path: Path, code: str) -> None:
    from jaxerr_ls.fixes import fixes_for
    from jaxerr_ls.lint import fix_target
    from jaxerr_ls.payload import DiagnosticData, from_json, to_json
    from jaxerr_ls.spans import apply_edits

    source = path.read_text()
    [prediction] = [p for p in lint_source(source, path=path).predictions if p.code == code]
    target = fix_target(prediction)
    # Through JSON, as a diagnostic's data travels.
    data = from_json(to_json(DiagnosticData(record_id=None, role="error", target=target)))
    assert data is not None and data.target is not None
    fixes = fixes_for(data.target, lambda p: p.read_text())
    assert fixes, code
    [edit_path] = {edit.path for edit in fixes[0].edits}
    fixed = apply_edits(edit_path.read_text(), list(fixes[0].edits))
    # The fixed code no longer has the predicted error.
    assert code not in {p.code for p in lint_source(fixed).predictions}


def test_spans_count_characters_on_a_line_with_non_ascii_text() -> None:
    """``ast`` counts UTF-8 bytes; a prediction's span and its culprit's are in characters, so
    the text they cover is the node's, whatever comes before it on the line."""
    source = textwrap.dedent(
        """\
        import jax

        def fé(x):
            note = "→ é"; return (x, x)

        label = "été"; jax.grad(fé)(1.0)

        @jax.custom_vjp
        def f(x):
            return x

        def f_fwd(x):
            où = "ç"; return 2.0

        def f_bwd(res, g):
            return (g,)

        f.defvjp(f_fwd, f_bwd)
        """
    )
    path = Path("module.py")
    lines = source.splitlines()
    predictions = {p.code: p for p in lint_source(source, path=path).predictions}

    def text(span: object) -> str:
        from jaxerr_ls.spans import Span

        assert isinstance(span, Span) and span.path == path and span.line == span.end_line
        return lines[span.line - 1][span.col : span.end_col]

    grad = predictions["grad-output-not-array"]
    assert text(grad.span) == "jax.grad(fé)(1.0)"
    assert text(grad.culprit) == "(x, x)"
    fwd = predictions["custom-vjp-fwd-not-pair"]
    assert text(fwd.span) == "2.0"
    assert text(fwd.culprit) == "f_fwd"


def test_a_hijax_retval_prediction_gets_its_records_example_fix() -> None:
    """No provider fixes ``hijax-vjp-bwd-retval-structure``: the record's example, applied in
    the user's names (``w`` for the example's ``y``), is offered as an unsafe fix."""
    from jaxerr_ls.fixes import Applicability, fixes_for
    from jaxerr_ls.lint import fix_target
    from jaxerr_ls.records import load_records
    from jaxerr_ls.spans import apply_edits

    code = "hijax-vjp-bwd-retval-structure"
    [record] = [r for r in load_records().records if r.code == code]
    path = LINT_TRIGGERS / "hijax_vjp_bwd_retval_structure.py"
    source = path.read_text()
    [prediction] = [p for p in lint_source(source, path=path).predictions if p.code == code]
    [fix] = fixes_for(fix_target(prediction), lambda p: p.read_text(), record.example_fix)
    assert fix.applicability == Applicability.UNSAFE
    fixed = apply_edits(source, list(fix.edits))
    assert "return (g * w, g * x)" in fixed
    assert code not in {p.code for p in lint_source(fixed).predictions}


def test_a_run_reaching_the_predicted_class_through_a_call_is_the_predicted_error() -> None:
    """The run's traceback in the module passes through a line that applies the class the
    prediction is about: the same error, though no line is shared. A line that only mentions
    the class in a comment, or a run of another record, is not."""
    from jaxerr_ls.lint import raised_by_run

    source = (LINT_TRIGGERS / "hijax_vjp_bwd_retval_structure.py").read_text()
    lines = source.splitlines()
    [prediction] = lint_source(source).predictions
    code = prediction.code
    call = next(i for i, t in enumerate(lines, 1) if "Scale(jax.typeof" in t)
    user = next(i for i, t in enumerate(lines, 1) if t.startswith("g = jax.grad"))
    assert raised_by_run(prediction, code, {user, call}, lines)
    assert raised_by_run(prediction, code, {prediction.span.line}, lines)
    assert not raised_by_run(prediction, code, {user}, lines)
    assert not raised_by_run(prediction, "ValueError", {user, call}, lines)
    commented = [*lines, "y = 1  # Scale"]
    assert not raised_by_run(prediction, code, {user, len(commented)}, commented)


def test_a_run_that_names_its_culprit_is_matched_by_lines_only() -> None:
    """``return f(x) + g(x)`` names both custom functions: a run whose culprit is f's rule
    must not take g's prediction for its own."""
    from jaxerr_ls.lint import raised_by_run

    rule = textwrap.dedent(
        """
        @jax.custom_vjp
        def NAME(x):
            return x


        def NAME_fwd(x):
            return x * 2.0


        def NAME_bwd(res, ct):
            return (ct,)


        NAME.defvjp(NAME_fwd, NAME_bwd)

        """
    )
    source = "import jax\n" + rule.replace("NAME", "f") + rule.replace("NAME", "g")
    source += "\ndef loss(x):\n    return f(x) + g(x)\n"
    lines = source.splitlines()
    found = [p for p in lint_source(source).predictions if p.code == "custom-vjp-fwd-not-pair"]
    assert [p.subject for p in found] == ["f", "g"]
    call = next(i for i, t in enumerate(lines, 1) if "f(x) + g(x)" in t)
    f_fwd = found[0].span.line
    # Named culprit (f's fwd rule): by lines, f's prediction only.
    assert [raised_by_run(p, p.code, {call, f_fwd}, lines, False) for p in found] == [True, False]
    # No culprit: the frame's line reaches both, and both are taken for the run's.
    assert [raised_by_run(p, p.code, {call}, lines) for p in found] == [True, True]


def test_recursive_helpers_are_followed_once() -> None:
    """A vjp_bwd returning a helper that calls itself from each of its thirty returns: each
    function is looked at once (followed again on every path, this took 30**6 steps)."""
    branches = "\n".join(f"    if x == {i}:\n        return helper(x - 1)" for i in range(30))
    source = (
        "from jax.experimental.hijax import HiPrim\n\n"
        f"def helper(x):\n{branches}\n    return helper(x + 1)\n\n"
        "class P(HiPrim):\n"
        "    def vjp_fwd(self, nzs, x):\n        return x, x\n"
        "    def vjp_bwd(self, x, g, x_acc):\n        return helper(g)\n"
    )
    assert lint_source(source).predictions == []


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("custom_vjp_fwd_flag_branch.py", "custom-vjp-fwd-not-pair"),
        ("grad_has_aux_branch.py", "grad-has-aux-not-pair"),
    ],
)
def test_one_path_that_returns_no_pair_is_a_warning(name: str, code: str) -> None:
    """Some returns are pairs, one surely is not: the run fails when that path is taken (the
    triggers take it), so the prediction is a warning with that return as culprit."""
    path = LINT_TRIGGERS / name
    [prediction] = lint_source(path.read_text()).predictions
    assert (prediction.code, prediction.severity) == (code, "warning")
    returned = next(
        n
        for n, marked in markers(path)
        if marked == code and "return" in path.read_text().splitlines()[n - 1]
    )
    assert returned in placed_lines(prediction)


_HALF_RULE_BASE = """
from jax.experimental.hijax import HiPrim


class Logged(HiPrim):
    def __init__(self):
        super().__init__()
        self.entries = {}

    def vjp_bwd(self, res, g, *accums):
        self.entries = {}
        self.backward(res, g, *accums)
        return dict(self.entries)
"""


def test_a_hijax_base_left_for_subclasses_is_not_a_primitive_missing_half_its_rule() -> None:
    """A class that calls a hook of ``self`` no class above defines, or that another class
    derives from, is completed by its subclasses: only a concrete primitive is reported."""
    codes = [p.code for p in lint_source(_HALF_RULE_BASE).predictions]
    assert "hijax-vjp-fwd-missing" not in codes
    concrete = _HALF_RULE_BASE.replace("self.backward(res, g, *accums)", "g = g * 2.0")
    codes = [p.code for p in lint_source(concrete).predictions]
    assert "hijax-vjp-fwd-missing" in codes
    derived = (
        concrete + "\n\nclass Scaled(Logged):\n    def vjp_fwd(self, x):\n        return x, x\n"
    )
    codes = [p.code for p in lint_source(derived).predictions]
    assert "hijax-vjp-fwd-missing" not in codes


_LOGGING_BWD = """
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

{helpers}


class Scale(HiPrim):
    def __init__(self, aval):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = {{}}
        super().__init__()

    def expand(self, x):
        return 2.0 * x

    def vjp_fwd(self, nzs_in, x):
        return 2.0 * x, None

    def vjp_bwd(self, res, g, x_acc):
        x_acc.accum(2.0 * g)
        return {returned}
"""


@pytest.mark.parametrize(
    ("helpers", "returned", "reported"),
    [
        # JAX checks ``type(log) is dict``: an instance of a dict subclass is refused.
        ("class Entries(dict):\n    pass", "Entries(ct=jnp.sum(g))", True),
        (
            "class Entries(dict):\n    def __new__(cls, **kw):\n        return dict(kw)",
            "Entries(ct=g)",
            False,
        ),
        # Builtins that never make a dict, through a helper.
        ("def summary(**kw):\n    return tuple(sorted(kw.items()))", "summary(ct=g)", True),
        ("def summary(**kw):\n    return max([kw, {}], key=len)", "summary(ct=g)", False),
        # A fluent method of an instance held by a module global returns the instance.
        (
            "class Log:\n    def add(self, **kw):\n        self.kw = kw\n"
            "        return self\n\nLOG = Log()",
            "LOG.add(ct=g)",
            True,
        ),
        (
            "class Log:\n    def add(self, **kw):\n        self.kw = kw\n"
            "        return self.kw\n\nLOG = Log()",
            "LOG.add(ct=g)",
            False,
        ),
        ("", "dict(ct=jnp.sum(g))", False),
    ],
)
def test_a_vjp_bwd_returning_something_other_than_a_dict_is_predicted(
    helpers: str, returned: str, reported: bool
) -> None:
    source = _LOGGING_BWD.format(helpers=helpers, returned=returned)
    codes = [p.code for p in lint_source(source).predictions]
    assert ("hijax-vjp-bwd-return" in codes) is reported, codes


@pytest.mark.parametrize(
    ("source", "reported"),
    [
        # ``*parts`` counts the items of the tuple it unpacks: four outputs, not a pair.
        (
            "def loss(w):\n    parts = (jnp.sum(w), jnp.sum(w**2), jnp.sum(w**3))\n"
            "    return parts[0], *parts\n\n"
            "g = jax.grad(loss, has_aux=True)(jnp.ones(3))\n",
            True,
        ),
        (
            "def loss(w):\n    parts = (jnp.sum(w), jnp.sum(w**2))\n"
            "    return parts[0], *parts[1:]\n\n"
            "g = jax.grad(loss, has_aux=True)(jnp.ones(3))\n",
            False,
        ),
        # A factory's inner function (``functools.wraps`` keeps it) drops the aux output: what
        # a helper of the module returns is an array, so the sum is one.
        (
            "def norm(x):\n    return jnp.sum(x**2)\n\n"
            "def penalised(fn, lam):\n    @functools.wraps(fn)\n    def inner(w, *args):\n"
            "        value, aux = fn(w, *args)\n        return value + lam * norm(w)\n"
            "    return inner\n\n"
            "def base(w):\n    return jnp.sum(w), {'n': 1}\n\n"
            "objective = penalised(base, 0.1)\n"
            "g = jax.grad(objective, has_aux=True)(jnp.ones(3))\n",
            True,
        ),
        (
            "def norm(x):\n    return jnp.sum(x**2)\n\n"
            "def penalised(fn, lam):\n    @functools.wraps(fn)\n    def inner(w, *args):\n"
            "        value, aux = fn(w, *args)\n        return value + lam * norm(w), aux\n"
            "    return inner\n\n"
            "def base(w):\n    return jnp.sum(w), {'n': 1}\n\n"
            "objective = penalised(base, 0.1)\n"
            "g = jax.grad(objective, has_aux=True)(jnp.ones(3))\n",
            False,
        ),
    ],
)
def test_has_aux_outputs_are_counted_through_unpacking_and_factories(
    source: str, reported: bool
) -> None:
    header = "import functools\n\nimport jax\nimport jax.numpy as jnp\n\n"
    codes = [p.code for p in lint_source(header + source).predictions]
    assert ("grad-has-aux-not-pair" in codes) is reported, codes


_RANKED = """
import jax
import jax.numpy as jnp


def loss(w, x):
    return {returned}


def fit(w, x):
    return jax.grad(loss)(w, x)


def main():
    x = jnp.ones((16, 3))
    w = jnp.zeros((3, 2))
    return fit(w, x)
{more}
"""


@pytest.mark.parametrize(
    ("returned", "more", "reported"),
    [
        # The one call of ``fit`` passes a matrix: ``x @ w`` has two axes, the mean one.
        ("jnp.mean(x @ w, axis=0)", "", True),
        ("jnp.mean(x @ w)", "", False),
        # An operand with an axis keeps it, whatever the rest is.
        ("jnp.sum(x @ w, axis=0) + unknown(w)", "", True),
        ("jnp.sum(x @ w) + unknown(w)", "", False),
        # A second call of ``fit`` may pass anything: the ranks are not certain.
        ("jnp.mean(x @ w, axis=0)", "\n\nfit(load_w(), load_x())\n", False),
        # Axes that are surely there where the exact rank is not known: ``x`` has two, a
        # product with anything keeps them, a sum over one leaves one.
        ("-jnp.sum(x * unknown(w), axis=-1)", "", True),
        ("-jnp.sum(x * unknown(w))", "", False),
        ("jax.nn.one_hot(jnp.argmax(x, axis=-1), 3) * unknown(w)", "", True),
        ("jnp.sum(jax.nn.one_hot(jnp.argmax(x, axis=-1), 3), axis=(0, 1)) * unknown(w)", "", False),
    ],
)
def test_a_loss_that_keeps_an_axis_for_the_arguments_given_is_predicted(
    returned: str, more: str, reported: bool
) -> None:
    source = _RANKED.format(returned=returned, more=more)
    codes = [p.code for p in lint_source(source).predictions]
    assert ("grad-nonscalar-output" in codes) is reported, codes


_DECORATED = """
import functools

import jax
import jax.numpy as jnp


def with_penalty(weight):
    def decorate(objective):
        @functools.wraps(objective)
        def wrapped(w):
            loss, metrics = objective(w)
            penalty = weight * jnp.sum(w**2)
            return {returned}
        return wrapped
    return decorate


def logged(objective):
    def inner(w):
        return objective(w)
    return inner


@{decorator}
def loss(w):
    return jnp.sum(w), {{"n": 1.0}}


g = jax.grad(loss, has_aux=True)(jnp.ones(3))
"""


@pytest.mark.parametrize(
    ("decorator", "returned", "reported"),
    [
        # The name holds the wrapper the project's decorator (made by a factory) returns.
        ("with_penalty(1e-3)", "loss + penalty, metrics, penalty", True),
        ("with_penalty(1e-3)", "loss + penalty, metrics", False),
        # A plain decorator of the project whose wrapper passes the pair on.
        ("logged", "loss, metrics", False),
        # A decorator the linter cannot see into: silent.
        ("unknown_decorator", "loss + penalty, metrics, penalty", False),
    ],
)
def test_a_function_decorated_by_the_project_is_its_decorators_wrapper(
    decorator: str, returned: str, reported: bool
) -> None:
    source = _DECORATED.format(decorator=decorator, returned=returned)
    codes = [p.code for p in lint_source(source).predictions]
    assert ("grad-has-aux-not-pair" in codes) is reported, codes


_REF_STORE = """
import jax
import jax.numpy as jnp


class Store:
    def __init__(self, n):
        self.gain = {made}
        self.offset = jnp.zeros((n,))


def loss(gain, offset, x):
    return jnp.mean((x * gain + offset) ** 2)


def fit(store, x):
    return jax.grad(loss, argnums=(0, 1))(store.gain, store.offset, x)


def main():
    store = Store(4)
    return fit(store, jnp.ones(4))
"""


@pytest.mark.parametrize(
    ("made", "reported"),
    [
        # The one caller of ``fit`` passes a store whose class makes ``gain`` a Ref.
        ("jax.new_ref(jnp.ones((n,)))", True),
        ("jnp.ones((n,))", False),
    ],
)
def test_a_ref_reached_through_an_instance_attribute_is_predicted(
    made: str, reported: bool
) -> None:
    source = _REF_STORE.format(made=made)
    predictions = [p for p in lint_source(source).predictions if p.code == "grad-ref-argument"]
    assert bool(predictions) is reported, predictions
    if reported:
        culprit = predictions[0].culprit
        assert (
            culprit is not None
            and culprit.line
            == source.splitlines().index("        self.gain = jax.new_ref(jnp.ones((n,)))") + 1
        )


@pytest.mark.parametrize(
    ("helper", "reported"),
    [
        # A helper that returns a dict comprehension on every path makes the loss a dict.
        ("return {k: w * v for k, v in terms.items()}", True),
        ("return sum(w * v for v in terms.values())", False),
    ],
)
def test_a_loss_returning_a_helpers_container_is_predicted(helper: str, reported: bool) -> None:
    source = (
        "import jax\nimport jax.numpy as jnp\n\n\ndef combine(terms, w):\n    " + helper + "\n\n\n"
        "def loss(p):\n    return combine({'a': jnp.sum(p), 'b': jnp.mean(p)}, 0.5)\n\n\n"
        "g = jax.grad(loss)(jnp.ones(3))\n"
    )
    codes = [p.code for p in lint_source(source).predictions]
    assert ("grad-output-not-array" in codes) is reported, codes


_METHOD_THROUGH_CALLER = """
import jax
import jax.numpy as jnp


class Model:
    def __init__(self, data, track=False):
        self.data = data
        self.track = track

    def loss(self, w):
        value = jnp.sum((self.data - w) ** 2)
        if not self.track:
            return value
        return value, {{"value": value}}


def fit(model, w):
    return jax.value_and_grad(model.loss, has_aux=True)(w)


def main():
    return {call}
"""


@pytest.mark.parametrize(
    ("call", "reported"),
    [
        # The one caller passes an instance: its ``loss`` returns one value on a path.
        ("fit(Model(jnp.ones(3)), jnp.zeros(3))", True),
        # Two callers: ``model`` may be anything.
        ("fit(Model(jnp.ones(3)), jnp.zeros(3)), fit(other(), jnp.zeros(3))", False),
    ],
)
def test_a_method_of_the_instance_a_caller_passes_is_checked(call: str, reported: bool) -> None:
    source = _METHOD_THROUGH_CALLER.format(call=call)
    codes = [p.code for p in lint_source(source).predictions]
    assert ("grad-has-aux-not-pair" in codes) is reported, codes


_REF_HELD = """
import jax
import jax.numpy as jnp


class Store:
    def __init__(self, values):
        self.table = {made}


class Fitter:
    def __init__(self, store, lr=0.1):
        self.store, self.lr = store, lr

    def step(self, x):
        value, f_vjp = jax.vjp(lambda t, x: jnp.sum(t[...] * x), self.store.table, x)
        g, _ = f_vjp(jnp.ones_like(value))
        return value, g


def run():
    fitter = Fitter(Store(jnp.ones(3)))
    return fitter.step(jnp.arange(3.0))
"""


@pytest.mark.parametrize(
    ("made", "reported"),
    [
        # The one instance the module makes holds a Ref: the method's VJP needs with_refs.
        ("jax.new_ref(jnp.asarray(values))", True),
        ("jnp.asarray(values)", False),
    ],
)
def test_a_method_reads_the_instance_its_callers_make(made: str, reported: bool) -> None:
    codes = [p.code for p in lint_source(_REF_HELD.format(made=made)).predictions]
    assert ("vjp-ref-grad-missing" in codes) is reported, codes


_REGISTRY = """
import jax
import jax.numpy as jnp


def mse(pred, y):
    return jnp.mean((pred - y) ** 2)


def huber(pred, y):
    return jnp.mean(jnp.where(jnp.abs(pred - y) < 1.0, (pred - y) ** 2, jnp.abs(pred - y)))


LOSSES = {{"mse": mse, "huber": huber, "l1": {third}}}
{more}

def objective(w, x, y, name):
    return LOSSES[name](x @ w, y)


def fit(w, x, y, name):
    return jax.grad(objective, has_aux=True)(w, x, y, name)
"""


@pytest.mark.parametrize(
    ("third", "more", "reported"),
    [
        # Every loss the registry holds returns one value: whichever is looked up, no pair.
        ("lambda pred, y: jnp.mean(jnp.abs(pred - y))", "", True),
        # One of them returns a pair: which is looked up decides.
        ("lambda pred, y: (jnp.mean(jnp.abs(pred - y)), {})", "", False),
        # The registry is added to elsewhere: its display is not all it holds.
        (
            "lambda pred, y: jnp.mean(jnp.abs(pred - y))",
            "LOSSES['pair'] = lambda p, y: (p, y)",
            False,
        ),
    ],
)
def test_a_registry_lookup_returns_what_every_registered_function_returns(
    third: str, more: str, reported: bool
) -> None:
    source = _REGISTRY.format(third=third, more=more)
    codes = [p.code for p in lint_source(source).predictions]
    assert ("grad-has-aux-not-pair" in codes) is reported, codes


def test_a_check_that_exhausts_the_stack_stays_silent_and_the_others_run() -> None:
    # Real code can chain values deeper than Python's stack while a check follows them: that
    # check says nothing about the module, the other checks still report.
    from jaxerr_ls.lint.checks import Check, Spans, run_checks

    source = "import jax\n\ndef f(x):\n    return x, x\n\ng = jax.grad(f)(1.0)\n"

    def too_deep(*_: object) -> Iterator[Prediction]:
        yield from ()
        raise RecursionError

    deep = Check(("grad-int-input",), too_deep, ("grad",))
    found = run_checks(
        build(source), Spans(Path("m.py"), source.splitlines()), checks=(deep, *CHECKS)
    )
    assert [p.code for p in found] == ["grad-output-not-array"]
