"""Culprits of Refs, traced values, loops, solves and closures, and the fixes made at them, on
small projects written for these tests (the blind corpus, tests/blind, measures them on code
written without seeing this one; see bench/blind.py).

Each project marks its traceback's lines in the project with ``# frame N`` (0: the failing line,
then outwards, the way a traceback's placed frames arrive) and the expected culprit with
``# culprit``. The messages' captured parts are JAX's wording, as the records capture them.
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

from jaxerr_ls.culprits import Culprit, find_culprits
from jaxerr_ls.fixes import CulpritRef, Fix, FixTarget, fixes_for
from jaxerr_ls.fixes.model import Applicability
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Span, apply_edits

_FRAME_RE = re.compile(r"#.*\bframe (\d+)")


def project(tmp_path: Path, files: dict[str, str]) -> tuple[ProjectFiles, list[Span]]:
    """Write the files; the frames are the marked lines, innermost first."""
    marked: list[tuple[int, Span]] = []
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        source = textwrap.dedent(text).lstrip("\n")
        path.write_text(source)
        for number, line in enumerate(source.splitlines(), start=1):
            found = _FRAME_RE.search(line)
            if found is not None:
                marked.append((int(found[1]), Span.at_line(path.resolve(), number, line)))
    return ProjectFiles(tmp_path), [span for _, span in sorted(marked, key=lambda m: m[0])]


def marked_line(path: Path, marker: str = "# culprit") -> int:
    lines = path.read_text().splitlines()
    return next(number for number, text in enumerate(lines, 1) if marker in text)


def culprits(
    files: ProjectFiles, frames: list[Span], kind: CulpritKind, **captures: str
) -> list[Culprit]:
    traceback_files = list(dict.fromkeys(span.path for span in frames))
    return find_culprits(kind, captures, files, traceback_files, set(), frames)


def offered(code: str, frames: list[Span], found: list[Culprit], **captures: str) -> list[Fix]:
    target = FixTarget(
        code=code,
        span=frames[0],
        captures=captures,
        culprits=tuple(CulpritRef(c.span, c.kind, c.name, c.owner, c.why) for c in found),
        frames=tuple(frames[1:]),
    )
    return fixes_for(target, lambda path: path.read_text() if path.is_file() else None)


def fixed(fix: Fix, path: Path) -> str:
    text = path.read_text()
    result = apply_edits(text, [edit for edit in fix.edits if edit.path == path.resolve()])
    ast.parse(result)
    return result


# -- Refs ---------------------------------------------------------------------------------------

RETURNED = "the argument at position args[1] of the differentiated function loss at m.py:3"


def test_a_grad_value_for_a_ref_in_a_list_is_the_culprit_and_becomes_a_gradient_ref(
    tmp_path: Path,
) -> None:
    files, frames = project(
        tmp_path,
        {
            "opt.py": """
            import jax
            import jax.numpy as jnp


            class Trainer:
                def grads(self, x, b_ref, y):
                    loss, back = jax.vjp(self.loss, x, b_ref, y)
                    entries = [jax.ad.DontWant(), jax.ad.GradValue(), jax.ad.DontWant()]  # culprit
                    # the bias gradient comes back as b_ct
                    _, b_ct, _ = back.with_refs(*entries)(jnp.ones_like(loss))  # frame 0
                    return b_ct * 2
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.REFS_ARGUMENT, argument=RETURNED)
    path = tmp_path / "opt.py"
    assert culprit.span.line == marked_line(path)
    assert path.read_text().splitlines()[culprit.span.line - 1][
        culprit.span.col : culprit.span.end_col
    ] == ("jax.ad.GradValue()")
    assert culprit.why is not None and "args[1]" in culprit.why
    [fix] = offered("vjp-ref-grad-returned", frames, [culprit], argument=RETURNED)
    text = fixed(fix, path)
    assert "b_ct_ref = jax.new_ref(jnp.zeros_like(b_ref[...]))\n        entries = [" in text
    assert "entries = [jax.ad.DontWant(), b_ct_ref, jax.ad.DontWant()]  # culprit" in text
    assert "_, _, _ = back.with_refs(*entries)(jnp.ones_like(loss))  # frame 0" in text
    assert "        b_ct = b_ct_ref[...]\n        return b_ct * 2" in text
    assert "# the bias gradient comes back as b_ct" in text


def test_the_dont_want_class_through_an_import_and_a_name_gets_its_parentheses(
    tmp_path: Path,
) -> None:
    files, frames = project(
        tmp_path,
        {
            "step.py": """
            import jax
            from jax.ad import DontWant


            def update(w_ref, b_ref, x, grad):
                loss, f_vjp = jax.vjp(lambda w, b, x: (w[...] * x + b[...]).sum(), w_ref, b_ref, x)
                nothing = DontWant  # culprit
                f_vjp.with_refs(grad, nothing, nothing)(1.0)  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.REFS_ARGUMENT, argument=RETURNED)
    assert culprit.span.line == marked_line(tmp_path / "step.py")
    assert culprit.why is not None and "the class, not an instance" in culprit.why
    [fix] = offered("vjp-ref-grad-returned", frames, [culprit], argument=RETURNED)
    assert fix.applicability == Applicability.SAFE
    assert "    nothing = DontWant()  # culprit\n" in fixed(fix, tmp_path / "step.py")


def test_an_entry_on_the_failing_line_is_no_culprit_and_an_unused_gradient_is_skipped(
    tmp_path: Path,
) -> None:
    files, frames = project(
        tmp_path,
        {
            "step.py": """
            import jax
            import jax.numpy as jnp


            def update(w_ref, b_ref, x, w_grad):
                loss, f_vjp = jax.vjp(model_loss, w_ref, b_ref, x)
                f_vjp.with_refs(w_grad, jax.ad.GradValue(), jax.ad.DontWant())(1.0)  # frame 0
                return w_grad[...]
            """
        },
    )
    assert culprits(files, frames, CulpritKind.REFS_ARGUMENT, argument=RETURNED) == []
    [fix] = offered("vjp-ref-grad-returned", frames, [], argument=RETURNED)
    assert "f_vjp.with_refs(w_grad, jax.ad.DontWant(), jax.ad.DontWant())(1.0)" in fixed(
        fix, tmp_path / "step.py"
    )


def test_a_gradient_ref_of_the_wrong_dtype_is_made_like_the_primal_unsafely(
    tmp_path: Path,
) -> None:
    argument = "the argument at position args[0] of the differentiated function f at m.py:1"
    files, frames = project(
        tmp_path,
        {
            "mixed.py": """
            import jax
            import jax.numpy as jnp


            def accumulate(w_ref, x):
                acc = jax.new_ref(jnp.full((3, 1), 0.0, jnp.float32))  # culprit
                out, f_vjp = jax.vjp(loss, w_ref, x)
                f_vjp.with_refs(acc, jax.ad.DontWant())(jnp.ones_like(out))  # frame 0
                return acc[...]
            """
        },
    )
    captures = {"argument": argument, "given": "Ref{float32[3,1]}", "expected": "bfloat16[3,1]"}
    [culprit] = culprits(files, frames, CulpritKind.REFS_ARGUMENT, **captures)
    assert culprit.span.line == marked_line(tmp_path / "mixed.py")
    assert culprit.why is not None and "Ref{bfloat16[3,1]}" in culprit.why
    [fix] = offered("vjp-with-refs-aval", frames, [culprit], **captures)
    assert fix.applicability == Applicability.UNSAFE  # the accumulator's dtype changes
    assert "acc = jax.new_ref(jnp.zeros_like(w_ref[...]))  # culprit" in fixed(
        fix, tmp_path / "mixed.py"
    )


ACCUMULATOR = """
    import jax
    import jax.numpy as jnp


    class Accumulator:
        def __init__(self, shape):
            self.total = jax.new_ref(jnp.zeros(shape, dtype="float32"))  # culprit

        def read(self):
            return self.total[...]
    """
STEP = """
    import jax
    import jax.numpy as jnp

    import grads


    def step(w_ref, acc, x):
        out, f_vjp = jax.vjp(loss, w_ref, x)
        f_vjp.with_refs(acc.total, jax.ad.DontWant())(jnp.ones_like(out))  # frame 0


    def run(w_ref, x):
        holder = grads.Accumulator((3, 1))
        step(w_ref, holder, x)  # frame 1
    """
ACCUMULATED = {
    "argument": "the argument at position args[0] of the differentiated function loss at m.py:1",
    "given": "Ref{float32[3,1]}",
    "expected": "bfloat16[3,1]",
}


def test_a_gradient_ref_held_by_an_instance_of_another_module_is_retyped_there(
    tmp_path: Path,
) -> None:
    files, frames = project(tmp_path, {"grads.py": ACCUMULATOR, "train.py": STEP})
    [culprit] = culprits(files, frames, CulpritKind.REFS_ARGUMENT, **ACCUMULATED)
    assert (culprit.span.path.name, culprit.span.line) == (
        "grads.py",
        marked_line(tmp_path / "grads.py"),
    )
    [fix] = offered("vjp-with-refs-aval", frames, [culprit], **ACCUMULATED)
    assert fix.applicability == Applicability.UNSAFE
    assert 'jax.new_ref(jnp.zeros(shape, dtype="bfloat16"))' in fixed(fix, tmp_path / "grads.py")


def test_a_gradient_ref_a_helper_returns_is_followed_into_the_helper(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "buffers.py": """
            import jax
            import jax.numpy as jnp


            def zeroed(rows):
                return jax.new_ref(jnp.zeros((rows, 1), jnp.float32))  # culprit
            """,
            "train.py": """
            import jax
            import jax.numpy as jnp

            from buffers import zeroed


            def step(w_ref, x):
                out, f_vjp = jax.vjp(loss, w_ref, x)
                acc = zeroed(3)
                f_vjp.with_refs(acc, jax.ad.DontWant())(jnp.ones_like(out))  # frame 0
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.REFS_ARGUMENT, **ACCUMULATED)
    assert (culprit.span.path.name, culprit.span.line) == (
        "buffers.py",
        marked_line(tmp_path / "buffers.py"),
    )


def test_a_gradient_ref_handed_to_a_constructor_is_followed_to_the_call(tmp_path: Path) -> None:
    holder = ACCUMULATOR.replace(
        'self.total = jax.new_ref(jnp.zeros(shape, dtype="float32"))  # culprit',
        "self.total = shape",
    ).replace("def __init__(self, shape):", "def __init__(self, *, shape):")
    step = STEP.replace(
        "holder = grads.Accumulator((3, 1))",
        "holder = grads.Accumulator(shape=jax.new_ref(jnp.zeros((3, 1), jnp.float32)))  # culprit",
    )
    files, frames = project(tmp_path, {"grads.py": holder, "train.py": step})
    [culprit] = culprits(files, frames, CulpritKind.REFS_ARGUMENT, **ACCUMULATED)
    assert culprit.span.line == marked_line(tmp_path / "train.py")
    [fix] = offered("vjp-with-refs-aval", frames, [culprit], **ACCUMULATED)
    # The primal is in sight there: the gradient ref is made like it.
    assert "jax.new_ref(jnp.zeros_like(w_ref[...]))" in fixed(fix, tmp_path / "train.py")


def test_no_culprit_for_an_attribute_set_in_two_methods(tmp_path: Path) -> None:
    holder = ACCUMULATOR.replace(
        "def read(self):",
        "def reset(self):\n        self.total = jax.new_ref(0.0)\n\n    def read(self):",
    )
    files, frames = project(tmp_path, {"grads.py": holder, "train.py": STEP})
    assert culprits(files, frames, CulpritKind.REFS_ARGUMENT, **ACCUMULATED) == []


def test_none_placeholders_become_dont_want_by_the_primal_tree(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "heat.py": """
            import jax
            import jax.numpy as jnp


            def sens(u_ref, params, k):
                e, pull = jax.vjp(energy, u_ref, params, jnp.float32(k))
                g = jax.new_ref(jnp.zeros_like(u_ref[...]))
                pull.with_refs(g, None, None)(1.0)  # frame 0
                return g[...]
            """
        },
    )
    difference = "  * args[2] was a pytree leaf in the primal arguments, but a <class 'NoneType'>"
    [fix] = offered("vjp-with-refs-tree", frames, [], difference=difference)
    # params may be a pytree: one DontWant per leaf; the float is one leaf.
    assert (
        "pull.with_refs(g, jax.tree.map(lambda _: jax.ad.DontWant(), params), "
        "jax.ad.DontWant())(1.0)" in fixed(fix, tmp_path / "heat.py")
    )


def test_grad_of_a_ref_the_loss_only_reads_differentiates_its_value(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "fit.py": """
            def loss(scale, p_ref):
                return scale * p_ref[...].sum()
            """,
            "run.py": """
            import jax
            from fit import loss


            def calibrate(p_ref):
                g = jax.grad(loss, argnums=1)(2.0, p_ref)  # frame 0
                p_ref[...] -= g
            """,
        },
    )
    [fix] = offered("grad-ref-argument", frames, [])
    assert "g = jax.grad(loss, argnums=1)(2.0, p_ref[...])" in fixed(fix, tmp_path / "run.py")


@pytest.mark.parametrize(
    ("entry", "kinds", "expected"),
    [
        # gradient refs of a dict primal, listed by key in a tuple
        ('(grads["w"], grads["b"])', ("dict", "tuple"), '{"w": grads["w"], "b": grads["b"]}'),
        # ... or in a list, keyed by a constant of another quote
        ("[grads['w'], grads['b']]", ("dict", "list"), "{\"w\": grads['w'], \"b\": grads['b']}"),
        # a list for a tuple primal
        ("[grads['w'], grads['b']]", ("tuple", "list"), "(grads['w'], grads['b'])"),
    ],
)
def test_a_with_refs_entry_in_another_container_takes_the_primals(
    tmp_path: Path, entry: str, kinds: tuple[str, str], expected: str
) -> None:
    _files, frames = project(
        tmp_path,
        {
            "sgd.py": f"""
            import jax
            import jax.numpy as jnp


            class SGD:
                def step(self, weights, batch):
                    loss, back = jax.vjp(self.loss, weights, batch)
                    grads = self.zeros(weights)
                    skip = jax.tree.map(lambda _: jax.ad.DontWant(), batch)
                    back.with_refs({entry}, skip)(jnp.ones_like(loss))  # frame 0
                    return grads
            """
        },
    )
    difference = (
        f"  * args[0] was a <class '{kinds[0]}'> in the primal arguments, but a "
        f"<class '{kinds[1]}'> in the `with_refs` arguments, so their Python types differ."
    )
    [fix] = offered("vjp-with-refs-tree", frames, [], difference=difference)
    assert f"back.with_refs({expected}, skip)(jnp.ones_like(loss))" in fixed(
        fix, tmp_path / "sgd.py"
    )


def test_no_container_fix_for_items_of_two_mappings(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "sgd.py": """
            import jax


            def step(weights, batch, grads, extra):
                loss, back = jax.vjp(mse, weights, batch)
                back.with_refs((grads["w"], extra["b"]), jax.ad.DontWant())(1.0)  # frame 0
            """
        },
    )
    difference = "  * args[0] was a <class 'dict'> in the primal arguments, but a <class 'tuple'>"
    assert offered("vjp-with-refs-tree", frames, [], difference=difference) == []


@pytest.mark.parametrize(
    ("transform", "call"),
    [
        ("jax.jacrev(predict)", "(state.weights, x)"),  # a Ref held by a dataclass field
        ("jax.hessian(model.energy)", "(self.x_ref)"),  # a method of another module's object
        ("jax.jacfwd(model.readout, argnums=1)", "(x, state.weights)"),
    ],
)
def test_a_jacobian_of_a_ref_the_function_only_reads_differentiates_its_value(
    tmp_path: Path, transform: str, call: str
) -> None:
    _files, frames = project(
        tmp_path,
        {
            "model.py": """
            import jax.numpy as jnp


            def predict(weights, x):
                return jnp.tanh(x @ weights[...])


            def energy(x_ref):
                return jnp.sum(x_ref[...] ** 4)


            def readout(x, weights):
                return x @ weights[...]
            """,
            "fisher.py": f"""
            import jax

            import model
            from model import predict


            def curvature(self, state, x):
                return {transform}{call}  # frame 0
            """,
        },
    )
    [fix] = offered("grad-ref-argument", frames, [])
    ref = "state.weights" if "state" in call else "self.x_ref"
    assert f"{transform}{call.replace(ref, ref + '[...]')}  # frame 0" in fixed(
        fix, tmp_path / "fisher.py"
    )


def test_vjp_results_read_by_index_take_the_gradient_ref_there(tmp_path: Path) -> None:
    """Results kept whole, the Ref's gradient read by index; more arguments starred."""
    _files, frames = project(
        tmp_path,
        {
            "fit.py": """
            import jax
            import jax.numpy as jnp


            def descend(loss_fn, w_ref, *batch):
                loss, back = jax.vjp(loss_fn, w_ref, *batch)
                cts = back(jnp.ones_like(loss))  # frame 0
                g = cts[0] * 2
                w_ref[...] -= 0.1 * g
            """
        },
    )
    argument = "the argument at position args[0] of the differentiated function f at m.py:3"
    [fix, *_] = offered("vjp-ref-grad-missing", frames, [], argument=argument)
    assert (
        "    w_grad_ref = jax.new_ref(jnp.zeros_like(w_ref[...]))\n"
        "    cts = back.with_refs(w_grad_ref, "
        "*[jax.tree.map(lambda _: jax.ad.DontWant(), a) for a in batch])"
        "(jnp.ones_like(loss))  # frame 0\n"
        "    g = w_grad_ref[...] * 2"
    ) in fixed(fix, tmp_path / "fit.py")


def test_vjp_results_read_by_index_and_other_arguments_keep_those_values(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "fit.py": """
            import jax
            import jax.numpy as jnp


            class Trainer:
                def step(self, x):
                    loss, back = jax.vjp(self.loss, self.w_ref, jnp.asarray(x))
                    cts = back(1.0)  # frame 0
                    self.w_ref[...] -= 0.1 * cts[0]
                    return cts[1]
            """
        },
    )
    argument = "the argument at position args[0] of the differentiated function f at m.py:3"
    [fix, *_] = offered("vjp-ref-grad-missing", frames, [], argument=argument)
    text = fixed(fix, tmp_path / "fit.py")
    assert "cts = back.with_refs(w_grad_ref, jax.ad.GradValue())(1.0)  # frame 0" in text
    assert "self.w_ref[...] -= 0.1 * w_grad_ref[...]" in text
    assert "return cts[1]" in text


def test_grad_of_a_ref_the_loss_writes_gets_no_fix(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "run.py": """
            import jax


            def loss(p_ref):
                p_ref[...] = p_ref[...] * 2
                return p_ref[...].sum()


            def calibrate(p_ref):
                return jax.grad(loss)(p_ref)  # frame 0
            """
        },
    )
    assert offered("grad-ref-argument", frames, []) == []


# -- Python values traced by jit ----------------------------------------------------------------


def tracing(name: str, path: Path, line: int, arguments: str) -> dict[str, str]:
    return {
        "traced": f"{name} at /ci/{path.name}:{line}",
        "transform": "jit",
        "arguments": arguments,
    }


def test_a_partial_jit_decorator_traces_a_flag_passed_as_a_constant(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "net.py": """
            from functools import partial

            import jax
            import jax.numpy as jnp


            @partial(jax.jit, donate_argnums=0)  # culprit
            def forward(params, x, training):
                if training:  # frame 0
                    x = x * 0.5
                return params @ x


            def run(params, x):
                return forward(params, x, False)  # frame 1
            """
        },
    )
    path = tmp_path / "net.py"
    captures = tracing("forward", path, 7, "training")
    [culprit] = culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures)
    assert culprit.span.line == marked_line(path)
    assert culprit.why is not None and "`training`" in culprit.why
    [fix] = offered("tracer-bool-conversion", frames, [culprit], **captures)
    assert fix.applicability == Applicability.UNSAFE
    assert '@partial(jax.jit, donate_argnums=0, static_argnames="training")' in fixed(fix, path)


def test_a_jit_in_another_module_traces_a_size_given_through_a_parameter(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "model.py": """
            import jax.numpy as jnp


            def pad(x, n):
                return jnp.zeros(n).at[: x.shape[0]].set(x)  # frame 0
            """,
            "main.py": """
            import jax

            import model

            padded = jax.jit(model.pad)  # culprit


            def batch(xs, size):
                return [padded(x, size) for x in xs]  # frame 1


            def main(xs):
                return batch(xs, 16)  # frame 2
            """,
        },
    )
    captures = tracing("pad", tmp_path / "model.py", 4, "n")
    [culprit] = culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures)
    assert (culprit.span.path.name, culprit.span.line) == (
        "main.py",
        marked_line(tmp_path / "main.py"),
    )
    [fix] = offered("concretization-type-error", frames, [culprit], **captures)
    assert 'padded = jax.jit(model.pad, static_argnames="n")  # culprit' in fixed(
        fix, tmp_path / "main.py"
    )


def test_a_count_made_by_len_is_a_python_value_jit_traces(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "main.py": """
            import jax
            import jax.numpy as jnp

            LABELS = ("a", "b", "c")


            @jax.jit  # culprit
            def encode(ids, n):
                return jax.nn.one_hot(ids, n)  # frame 0


            def main(ids):
                return encode(ids, len(LABELS))  # frame 1
            """,
        },
    )
    captures = tracing("encode", tmp_path / "main.py", 7, "n")
    [culprit] = culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures)
    assert culprit.span.line == marked_line(tmp_path / "main.py")


def test_a_count_a_project_helper_returns_by_int_is_a_python_value_jit_traces(
    tmp_path: Path,
) -> None:
    files, frames = project(
        tmp_path,
        {
            "schedule.py": """
            def steps_for(hours, dt=0.5):
                return int(round(hours / dt))
            """,
            "main.py": """
            import jax
            import jax.numpy as jnp

            from schedule import steps_for


            @jax.jit  # culprit
            def simulate(x0, n):
                return jnp.zeros(n) + x0  # frame 0


            def main(x0):
                return simulate(x0, steps_for(24.0))  # frame 1
            """,
        },
    )
    captures = tracing("simulate", tmp_path / "main.py", 7, "n")
    [culprit] = culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures)
    assert culprit.span.line == marked_line(tmp_path / "main.py")


@pytest.mark.parametrize(
    ("call", "jit", "expected"),
    [
        # a curriculum over literal depths, a bare decorator
        ("for n in (1, 2, 3): w = step(w, n)", "@jax.jit", '@jax.jit(static_argnames="n")'),
        # a range, a partial decorator that already has keywords
        (
            "for n in range(1, 4): w = step(w, n)",
            "@partial(jax.jit, donate_argnums=0)",
            '@partial(jax.jit, donate_argnums=0, static_argnames="n")',
        ),
        # a module constant list, named
        ("for n in SIZES: w = step(w, n)", "@jax.jit", '@jax.jit(static_argnames="n")'),
        # a comprehension
        ("w = [step(w, n) for n in (2, 3)]", "@jax.jit", '@jax.jit(static_argnames="n")'),
    ],
)
def test_a_loop_variable_over_python_constants_is_traced_by_jit(
    tmp_path: Path, call: str, jit: str, expected: str
) -> None:
    files, frames = project(
        tmp_path,
        {
            "curriculum.py": f"""
            from functools import partial

            import jax

            SIZES = [2, 4]


            {jit}  # culprit
            def step(w, n):
                for _ in range(n):  # frame 0
                    w = w * 2
                return w


            def main(w):
                {call}  # frame 1
                return w
            """
        },
    )
    path = tmp_path / "curriculum.py"
    captures = tracing("step", path, 8, "n")
    [culprit] = culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures)
    assert culprit.span.line == marked_line(path)
    [fix] = offered("tracer-integer-conversion", frames, [culprit], **captures)
    assert f"{expected}  # culprit" in fixed(fix, path)


def test_a_loop_variable_indexing_a_table_stays_traced(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "sched.py": """
            import jax

            RATES = [0.1, 0.05, 0.01]


            @jax.jit
            def update(w, g, epoch):
                return w - RATES[epoch] * g  # frame 0


            def main(w, g):
                for epoch in range(3):
                    w = update(w, g, epoch)  # frame 1
                return w
            """
        },
    )
    captures = tracing("update", tmp_path / "sched.py", 6, "epoch")
    assert culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures) == []
    [fix] = offered("tracer-integer-conversion", frames, [], **captures)
    assert "jax.numpy.array(RATES)[epoch] * g" in fixed(fix, tmp_path / "sched.py")


@pytest.mark.parametrize(
    ("call", "arguments"),
    [
        ("w = step(w, jnp.array(3))", "n"),  # an array: static would not even hash
        ("w = step(w, 3)", "w and n"),  # the value depends on more than one argument
        # loop variables: arrays, a parameter's items, an unpacked pair
        ("for n in jnp.arange(1, 4): w = step(w, n)", "n"),
        ("for n in sizes: w = step(w, n)", "n"),
        ("for n, m in ((1, 2), (3, 4)): w = step(w, n)", "n"),
    ],
)
def test_no_jit_culprit_without_one_constant_argument(
    tmp_path: Path, call: str, arguments: str
) -> None:
    files, frames = project(
        tmp_path,
        {
            "loop.py": f"""
            import jax
            import jax.numpy as jnp


            @jax.jit
            def step(w, n):
                for _ in range(n):  # frame 0
                    w = w * 2
                return w


            def main(w, sizes):
                {call}  # frame 1
                return w
            """
        },
    )
    captures = tracing("step", tmp_path / "loop.py", 5, arguments)
    assert culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures) == []


# A static size computed from traced data: each program takes the size a shape needs from an
# array's values inside the jitted function (by a JAX function, an array method, arithmetic on
# one, or a helper that does), spelled differently each time.
_DATA_SIZES = {
    "reduction then arange": (
        """
        import jax
        import jax.numpy as jnp


        def lengths_mask(lengths):
            longest = jnp.max(lengths)  # culprit
            return jnp.arange(longest)[None, :] < lengths[:, None]  # frame 0


        @jax.jit  # traced
        def masked_total(x, lengths):
            return jnp.sum(x * lengths_mask(lengths))  # frame 1
        """,
        "lengths",
    ),
    "array method plus one, one_hot by keyword": (
        """
        import jax
        import jax.numpy as jnp


        @jax.jit  # traced
        def xent(logits, labels):
            classes = labels.max() + 1  # culprit
            targets = jax.nn.one_hot(labels, num_classes=classes)  # frame 0
            return -jnp.sum(targets * jax.nn.log_softmax(logits))
        """,
        "labels",
    ),
    "a count in a shape tuple": (
        """
        from functools import partial

        import jax
        import jax.numpy as jnp


        @partial(jax.jit, donate_argnums=0)  # traced
        def pad_rows(x, keep):
            rows = jnp.sum(keep).astype(int)  # culprit
            return jnp.zeros((rows, x.shape[1]))  # frame 0
        """,
        "keep",
    ),
    "a helper off the traceback": (
        """
        import jax
        import jax.numpy as jnp


        def count_steps(times, dt):
            return jnp.ceil(times[-1] / dt).astype(jnp.int32)


        def grid(times, dt):
            n = count_steps(times, dt)  # culprit
            return jnp.linspace(0.0, times[-1], n)  # frame 0


        def simulate(times):
            return jnp.sin(grid(times, 0.1))  # frame 1


        step = jax.jit(simulate)  # traced
        """,
        "times",
    ),
}


@pytest.mark.parametrize("case", sorted(_DATA_SIZES))
def test_a_size_computed_from_traced_data(tmp_path: Path, case: str) -> None:
    source, argument = _DATA_SIZES[case]
    files, frames = project(tmp_path, {"sizes.py": source})
    path = tmp_path / "sizes.py"
    traced_line = marked_line(path, "# traced")
    name = "simulate" if case == "a helper off the traceback" else None
    if name is None:
        tree = ast.parse(path.read_text())
        [name] = [
            f.name
            for f in ast.walk(tree)
            if isinstance(f, ast.FunctionDef)
            and min([f.lineno, *(d.lineno for d in f.decorator_list)]) == traced_line
        ]
    else:
        traced_line = marked_line(path, "def simulate")
    captures = tracing(name, path, traced_line, argument)
    [culprit] = culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures)
    assert culprit.kind == CulpritKind.TRACER_DATA_SIZE
    assert culprit.span.line == marked_line(path)
    assert culprit.why is not None and "decides a shape" in culprit.why


# Sizes not made from data inside the jitted function ``f(x, n)``: none is named.
_NOT_DATA_SIZES = {
    # computed on the failing line itself: that line is the change
    "on the failing line": """
        @jax.jit
        def f(x, n):
            return jnp.arange(jnp.max(n))  # frame 0
        """,
    # a size from a shape is static: whatever failed, it is not this
    "from a shape": """
        @jax.jit
        def f(x, n):
            m = x.shape[0] * 2
            return jnp.arange(m) + jnp.max(n)  # frame 0
        """,
    # computed by the caller and handed to the jitted function: a jit argument, to be made
    # static (or a Python value) there, not where it is computed
    "before jit": """
        @jax.jit
        def f(x, n):
            return x * jnp.arange(n)  # frame 0


        def main(x, lengths):
            n = jnp.max(lengths)
            return f(x, n)  # frame 1
        """,
}


@pytest.mark.parametrize("case", sorted(_NOT_DATA_SIZES))
def test_no_data_size_culprit_where_the_size_is_not_made_from_data(
    tmp_path: Path, case: str
) -> None:
    source = "import jax\nimport jax.numpy as jnp\n\n" + textwrap.dedent(_NOT_DATA_SIZES[case])
    files, frames = project(tmp_path, {"same.py": source})
    captures = tracing("f", tmp_path / "same.py", 4, "n")
    assert culprits(files, frames, CulpritKind.TRACER_JIT_ARGUMENT, **captures) == []


def test_a_python_if_assigning_one_value_becomes_jnp_where(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "loss.py": """
            import jax.numpy as np


            def clipped(loss):
                if loss > 1.0:  # frame 0
                    loss = np.sqrt(loss)  # compress the tail
                return loss
            """
        },
    )
    [fix] = offered("tracer-bool-conversion", frames, [])
    assert (
        "    # frame 0\n    loss = np.where(loss > 1.0, np.sqrt(loss), loss)  # compress the tail\n"
        "    return loss\n" in fixed(fix, tmp_path / "loss.py")
    )


def test_an_elif_chain_is_not_rewritten(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "loss.py": """
            import jax.numpy as jnp


            def piecewise(x):
                if x > 1.0:  # frame 0
                    return x
                elif x > 0.0:
                    return x * x
                return 0.0
            """
        },
    )
    assert offered("tracer-bool-conversion", frames, []) == []


def test_a_module_tuple_of_rates_indexed_by_a_tracer_becomes_an_array(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "sched.py": """
            import jax.numpy as jnp

            DECAY = (1.0, 0.5, 0.25)
            NAMES = ["warmup", "main", "cool"]


            def rate(base, phase):
                print(NAMES)
                return base * DECAY[phase]  # frame 0
            """
        },
    )
    [fix] = offered("tracer-integer-conversion", frames, [])
    assert "return base * jnp.array(DECAY)[phase]  # frame 0" in fixed(fix, tmp_path / "sched.py")


# -- Loops, checkpoint, solves, closures, forward mode ------------------------------------------


def test_a_fori_loop_bound_a_registered_child_is_the_flatten(tmp_path: Path) -> None:
    """``fori_loop(0, cfg.iters, ...)`` under ``jax.jit(jax.grad(...))``, where ``cfg``'s class
    is registered with a flatten that returns ``iters`` among the children: a leaf, traced."""
    files, frames = project(
        tmp_path,
        {
            "config.py": """
            import jax


            class Relax:
                def __init__(self, rate, iters):
                    self.rate = rate
                    self.iters = iters


            def _flatten(cfg):
                return [cfg.rate, cfg.iters], None  # culprit


            def _unflatten(_, kids):
                return Relax(*kids)


            jax.tree_util.register_pytree_node(Relax, _flatten, _unflatten)
            """,
            "solve.py": """
            import jax
            from jax import lax

            from config import Relax


            def settle(x, cfg):
                return lax.fori_loop(0, cfg.iters, lambda _, y: y - cfg.rate * y, x)  # frame 1


            def energy(x, cfg):
                return settle(x, cfg) ** 2


            cfg = Relax(0.1, 20)
            print(jax.jit(jax.grad(energy))(1.0, cfg))  # frame 0
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    assert culprit.span.path.name == "config.py"
    assert culprit.span.line == marked_line(tmp_path / "config.py")
    assert culprit.why is not None and "auxiliary data" in culprit.why


def test_a_while_loop_under_grad_is_the_culprit(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "solve.py": """
            import jax
            from jax import lax


            def root(f, x0):
                def body(x):
                    return f(x)

                return lax.while_loop(lambda x: f(x) > 1e-6, body, x0)  # culprit frame 1


            def loss(a):
                return jax.grad(lambda a: root(lambda x: x * a, 1.0))(a)  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    assert (culprit.name, culprit.span.line) == ("while_loop", marked_line(tmp_path / "solve.py"))
    assert offered("grad-while-loop-reverse", frames, [culprit]) == []


def test_a_fori_loop_bound_traced_by_jit_through_two_calls(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "sim.py": """
            import jax


            def simulate(x, steps):
                return jax.lax.fori_loop(0, steps, lambda i, x: x * 0.9, x)  # frame 3


            def loss(x, horizon):
                return simulate(x, horizon).sum()  # frame 4


            def fit(x, horizon=50):
                grad_fn = jax.jit(jax.grad(loss))  # culprit
                return grad_fn(x, horizon)  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    path = tmp_path / "sim.py"
    assert (culprit.name, culprit.span.line) == ("horizon", marked_line(path))
    [fix] = offered("grad-while-loop-reverse", frames, [culprit])
    assert "grad_fn = jax.jit(jax.grad(loss), static_argnums=1)  # culprit" in fixed(fix, path)


def test_a_library_function_that_runs_a_while_loop_under_reverse_mode(tmp_path: Path) -> None:
    """The library tables know which functions lower to a ``while_loop`` with their default
    arguments (``jax.scipy.linalg.polar``): a call of one on the traceback is the loop."""
    files, frames = project(
        tmp_path,
        {
            "strain.py": """
            import jax
            import jax.numpy as jnp
            from jax.scipy.linalg import polar


            def stretch_energy(f):
                rotation, stretch = polar(f)  # frame 1  # culprit
                return jnp.sum((stretch - jnp.eye(2)) ** 2)


            print(jax.grad(stretch_energy)(jnp.eye(2)))  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    assert (culprit.name, culprit.span.line) == ("polar", marked_line(tmp_path / "strain.py"))
    assert culprit.why is not None and "`polar` runs a `while_loop`" in culprit.why
    # The same call with no loop inside (a function the tables do not list): no culprit.
    source = (tmp_path / "strain.py").read_text().replace("polar", "qr")
    (tmp_path / "strain.py").write_text(source)
    assert culprits(ProjectFiles(tmp_path), frames, CulpritKind.LOOP_BOUNDS) == []


def test_a_while_loop_inside_a_helper_of_the_differentiated_function(tmp_path: Path) -> None:
    """The backward pass fails with only the failing call on the traceback (as JAX reports a
    loop it cannot transpose): the library call inside the differentiated function's helper
    that runs a ``while_loop`` is where the change belongs (its method)."""
    files, frames = project(
        tmp_path,
        {
            "kinematics.py": """
            from jax.scipy.linalg import polar


            def rotation_of(f):
                rotation, _ = polar(f)  # culprit
                return rotation
            """,
            "fit.py": """
            import jax
            import jax.numpy as jnp

            from kinematics import rotation_of


            def misfit(f, target):
                return jnp.sum((rotation_of(f) - target) ** 2)


            grad_fn = jax.grad(misfit)
            print(grad_fn(jnp.eye(2), jnp.eye(2)))  # frame 0
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    assert culprit.span.path.name == "kinematics.py"
    assert culprit.span.line == marked_line(tmp_path / "kinematics.py")
    assert culprit.why is not None and "`polar(f)` runs a `while_loop`" in culprit.why
    # Two helpers that each run one: not one culprit.
    source = (tmp_path / "fit.py").read_text()
    (tmp_path / "fit.py").write_text(source.replace("- target", "- rotation_of(target)"))
    assert culprits(ProjectFiles(tmp_path), frames, CulpritKind.LOOP_BOUNDS) == []


def test_a_while_loop_under_a_jitted_grad_of_a_method_through_a_mapped_helper(
    tmp_path: Path,
) -> None:
    """``jax.jit(jax.grad(model.loss))``: the method an instance runs is what is differentiated,
    and a helper mapped by ``jax.vmap`` runs what its function runs."""
    files, frames = project(
        tmp_path,
        {
            "ops.py": """
            import jax
            from jax.scipy.linalg import polar


            def unitary_factor(m):
                u, _ = polar(m, method="qdwh")  # culprit
                return u


            batched_unitary = jax.vmap(unitary_factor)
            """,
            "model.py": """
            import jax
            import jax.numpy as jnp

            from ops import batched_unitary


            class Frames:
                def __init__(self, target):
                    self.target = target

                def loss(self, ms):
                    return jnp.sum((batched_unitary(ms) - self.target) ** 2)


            model = Frames(jnp.eye(3))
            step = jax.jit(jax.grad(model.loss))
            print(step(jnp.ones((4, 3, 3))))  # frame 0
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    assert culprit.span.path.name == "ops.py"
    assert culprit.span.line == marked_line(tmp_path / "ops.py")


def test_checkpoint_static_argnums_as_a_list_in_a_partial_decorator(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "blocks.py": """
            from functools import partial

            import jax


            @partial(jax.checkpoint, static_argnums=[1, 2])  # culprit
            def block(x, depth, act):
                return x
            """,
            "train.py": """
            from blocks import block


            def loss(x):
                return block(x, 3, "tanh").sum()  # frame 0
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.CHECKPOINT_STATIC_ARGNUMS, value="[1, 2]")
    assert culprit.span.line == marked_line(tmp_path / "blocks.py")
    [fix] = offered("checkpoint-static-argnums-type", frames, [culprit])
    assert "@partial(jax.checkpoint, static_argnums=(1, 2))" in fixed(fix, tmp_path / "blocks.py")


@pytest.mark.parametrize(
    ("config", "blocks", "value", "expected"),
    [
        # a module constant beside the decorator
        (
            "",
            "STATIC = [1]  # culprit\n\n\n@partial(jax.checkpoint, static_argnums=STATIC)\n"
            "def block(x, depth):\n    return x\n",
            "[1]",
            "STATIC = (1,)  # culprit",
        ),
        # a constant of a config module, given in a call
        (
            "REMAT_ARGS = [1, 2]  # culprit\n",
            "import config\n\n\ndef _block(x, depth, act):\n    return x\n\n\n"
            "block = jax.checkpoint(_block, static_argnums=config.REMAT_ARGS)\n",
            "[1, 2]",
            "REMAT_ARGS = (1, 2)  # culprit",
        ),
    ],
)
def test_checkpoint_static_argnums_named_is_fixed_where_the_list_is_written(
    tmp_path: Path, config: str, blocks: str, value: str, expected: str
) -> None:
    files, frames = project(
        tmp_path,
        {
            "config.py": config,
            "blocks.py": "from functools import partial\n\nimport jax\n\n" + blocks,
            "train.py": """
            from blocks import block


            def loss(x):
                return block(x, 3, "tanh").sum()  # frame 0
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.CHECKPOINT_STATIC_ARGNUMS, value=value)
    path = culprit.span.path
    assert culprit.span.line == marked_line(path)
    [fix] = offered("checkpoint-static-argnums-type", frames, [culprit])
    assert expected in fixed(fix, path)


def test_a_solver_closing_over_its_matrix_gets_no_transpose_fix(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "ridge.py": """
            import jax
            import jax.numpy as jnp


            def solve(a, b):
                def direct(matvec, rhs):
                    return jnp.linalg.solve(a, rhs)

                return jax.lax.custom_linear_solve(lambda v: a @ v, b, direct)  # culprit frame 1


            def loss(a, b):
                return jax.grad(lambda a: solve(a, b).sum())(a)  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.CUSTOM_LINEAR_SOLVE_CALL)
    assert culprit.span.line == marked_line(tmp_path / "ridge.py")
    assert offered("custom-linear-solve-no-transpose", frames, [culprit]) == []


def test_a_custom_vjp_factory_call_hands_over_the_traced_value(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "acts.py": """
            import jax


            def make_act(alpha):
                @jax.custom_vjp
                def act(x):
                    return x * alpha

                act.defvjp(lambda x: (x * alpha, None), lambda _, g: (g * alpha,))
                return act
            """,
            "model.py": """
            from acts import make_act


            def forward(params, x):
                act = make_act(params["alpha"])  # culprit
                return act(x)  # frame 1


            def noisy(params, x):
                return make_act(0.5)(x)
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.CUSTOM_VJP_CLOSURE)
    assert culprit.span.line == marked_line(tmp_path / "model.py")
    assert culprit.why is not None and "`act` closes over `alpha`" in culprit.why


@pytest.mark.parametrize(
    ("transform", "after"),
    [
        ("jax.hessian(energy, argnums=1)", "jax.jacrev(jax.jacrev(energy, argnums=1), argnums=1)"),
        ("jax.jacfwd(energy, 1)", "jax.jacrev(energy, 1)"),
    ],
)
def test_a_forward_mode_transform_above_a_custom_vjp_becomes_reverse_mode(
    tmp_path: Path, transform: str, after: str
) -> None:
    files, frames = project(
        tmp_path,
        {
            "newton.py": f"""
            import jax


            def energy(x, theta):
                return lse(x * theta)  # frame 0


            def curvature(x, theta):
                second = {transform}  # culprit
                return second(x, theta)  # frame 1
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.CUSTOM_VJP_FORWARD_TRANSFORM)
    path = tmp_path / "newton.py"
    assert culprit.span.line == marked_line(path)
    [fix] = offered("custom-vjp-forward-mode", frames, [culprit])
    assert f"second = {after}  # culprit" in fixed(fix, path)


@pytest.mark.parametrize(
    ("operation", "primitive"), [("jnp.sin(y)", "sin"), ("y**2", "integer_pow")]
)
def test_the_non_linear_operation_of_a_linear_transpose(
    tmp_path: Path, operation: str, primitive: str
) -> None:
    files, frames = project(
        tmp_path,
        {
            "adjoint.py": f"""
            import jax
            import jax.numpy as jnp


            def forward(x):
                y = 2.0 * x
                return {operation}  # culprit


            adjoint = jax.linear_transpose(forward, 1.0)
            print(adjoint(1.0))  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive=primitive)
    assert culprit.span.line == marked_line(tmp_path / "adjoint.py")
    assert culprit.why is not None and "`forward`" in culprit.why
    # Under jax.grad, the same message comes from a custom rule: no linear_transpose, no culprit.
    (tmp_path / "adjoint.py").write_text(
        (tmp_path / "adjoint.py")
        .read_text()
        .replace("jax.linear_transpose(forward, 1.0)", "jax.grad(forward)")
    )
    files = ProjectFiles(tmp_path)
    assert (
        culprits(files, frames, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive=primitive) == []
    )


@pytest.mark.parametrize(
    ("helper", "primitive", "found"),
    [
        ("jnp.minimum(v, 1.0)", "min", True),  # the library call that lowers to ``min``
        ("jnp.clip(v, 0.0, 1.0)", "max", True),  # ... one of two it lowers to
        ("jnp.maximum(v, 0.0) + jnp.clip(v, -1.0, 1.0)", "max", False),  # two: not one culprit
        ("3.0 * v", "min", False),  # nothing that makes ``min``
    ],
)
def test_the_non_linear_operation_inside_a_helper_of_a_linear_transpose(
    tmp_path: Path, helper: str, primitive: str, found: bool
) -> None:
    """The operation the message names runs inside a project helper the transposed function
    calls, written as an API that lowers to it (by the library tables): the helper's call is
    where the change belongs."""
    files, frames = project(
        tmp_path,
        {
            "limits.py": f"""
            import jax.numpy as jnp


            def bounded(v):
                return {helper}
            """,
            "adjoint.py": """
            import jax

            import limits


            def forward(x):
                return limits.bounded(2.0 * x)  # culprit


            adjoint = jax.linear_transpose(forward, 1.0)
            print(adjoint(1.0))  # frame 0
            """,
        },
    )
    got = culprits(files, frames, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive=primitive)
    if not found:
        assert got == []
        return
    [culprit] = got
    assert culprit.span.line == marked_line(tmp_path / "adjoint.py")
    assert culprit.why is not None and "`forward`" in culprit.why and "jnp." in culprit.why


_ABS_RULE = """
import jax
import jax.numpy as jnp


@jax.custom_jvp
def smooth_abs(x):
    return jnp.abs(x)


def _smooth_abs_rule(primals, tangents):
    x, = primals
    t, = tangents
    slope = jnp.sign(x)
    return jnp.abs(x), slope * jnp.abs(t)  # culprit


smooth_abs.defjvp(_smooth_abs_rule)
"""


def test_the_custom_jvp_rule_that_applies_the_operation_to_a_tangent(tmp_path: Path) -> None:
    # Real wording (jax 0.12, this program): "Transpose rule (for reverse-mode
    # differentiation) for 'abs' not implemented", raised under jax.vmap(jax.grad(loss)).
    files, frames = project(
        tmp_path,
        {
            "activations.py": _ABS_RULE,
            "train.py": """
            import jax
            import jax.numpy as jnp

            from activations import smooth_abs


            def loss(w):
                return jnp.sum(smooth_abs(w - 1.0))


            print(jax.vmap(jax.grad(loss))(jnp.ones((2, 3))))  # frame 0
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive="abs")
    assert culprit.span.path.name == "activations.py"
    assert culprit.span.line == marked_line(tmp_path / "activations.py")
    assert culprit.why is not None and "`_smooth_abs_rule`" in culprit.why
    # The operation on the primal only (``jnp.abs(x)``) is no culprit: another primitive named.
    assert culprits(files, frames, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive="sign") == []
    # Two rules that both apply it to a tangent: which one ran is in doubt.
    (tmp_path / "more.py").write_text(_ABS_RULE.replace("smooth_abs", "soft_abs"))
    files = ProjectFiles(tmp_path)
    assert culprits(files, frames, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive="abs") == []


def test_a_vjp_result_passed_on_whole_gets_no_fix(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "sgd.py": """
            import jax
            import jax.numpy as jnp


            def step(w_ref, x):
                loss, f_vjp = jax.vjp(model_loss, w_ref, x)
                grads = f_vjp(jnp.ones_like(loss))  # frame 0
                return log(grads), grads[0]
            """
        },
    )
    argument = "the argument at position args[0] of the differentiated function f at m.py:1"
    assert offered("vjp-ref-grad-missing", frames, [], argument=argument) == []


def test_with_refs_missing_entries_get_dont_want_where_their_results_are_unread(
    tmp_path: Path,
) -> None:
    _files, frames = project(
        tmp_path,
        {
            "acc.py": """
            import jax
            import jax.numpy as jnp


            def accumulate(w_ref, x, batch, grad):
                loss, f_vjp = jax.vjp(model_loss, w_ref, jnp.asarray(x), batch)
                f_vjp.with_refs(grad)(jnp.ones_like(loss))  # frame 0
                g_w, g_x, g_b = f_vjp.with_refs(grad)(1.0)
            """
        },
    )
    [fix] = offered("vjp-with-refs-tree", frames, [], difference="")
    assert (
        "f_vjp.with_refs(grad, jax.ad.DontWant(), jax.tree.map(lambda _: jax.ad.DontWant(), "
        "batch))(jnp.ones_like(loss))  # frame 0" in fixed(fix, tmp_path / "acc.py")
    )
    # Where the results are unpacked into names, they are read: no DontWant there.
    line = frames[0].line + 1
    assert offered("vjp-with-refs-tree", [Span.at_line(frames[0].path, line, "")], []) == []


@pytest.mark.parametrize(
    ("line", "after"),
    [
        (
            "return scale * (r if r > 0 else 0.1 * r)",
            "return scale * (jnp.where(r > 0, r, 0.1 * r))",
        ),
        ("return scale * max(r, 0.0)", "return scale * jnp.maximum(r, 0.0)"),
        ("return scale * min(r, 1.0, 2.0)", None),  # over more than two: not elementwise
    ],
)
def test_a_conditional_expression_or_max_on_a_tracer_becomes_jnp(
    tmp_path: Path, line: str, after: str | None
) -> None:
    _files, frames = project(
        tmp_path,
        {
            "act.py": f"""
            import jax.numpy as jnp


            def leaky(r, scale):
                {line}  # frame 0
            """
        },
    )
    found = offered("tracer-bool-conversion", frames, [])
    if after is None:
        assert found == []
    else:
        [fix] = found
        assert f"    {after}  # frame 0" in fixed(fix, tmp_path / "act.py")


RUNNING = {
    "stats.py": """
    def normalized_loss(params, running, batch):
        h = batch @ params
        running[...] = 0.9 * running[...] + 0.1 * h.mean(axis=0)
        return ((h - running[...]) ** 2).mean()
    """,
    "fit.py": """
    import jax
    import jax.numpy as jnp
    from stats import normalized_loss


    def fit(params, batch, steps):
        running = jax.new_ref(jnp.zeros(params.shape[1]))
        for _ in range(steps):
            value, back = jax.vjp(normalized_loss, params, running, batch)
            g, _, _ = back(jnp.ones_like(value))  # frame 0
            params = params - 0.1 * g
        return params
    """,
}


def test_a_ref_the_function_writes_gets_a_gradient_ref_inside_a_loop(tmp_path: Path) -> None:
    _files, frames = project(tmp_path, RUNNING)
    argument = "the argument at position args[1] of the differentiated function f at stats.py:1"
    fixes = offered("vjp-ref-grad-missing", frames, [], argument=argument)
    # DontWant() would fail in the backward pass: the function writes the Ref.
    [fix] = fixes
    text = fixed(fix, tmp_path / "fit.py")
    assert "        running_ref = jax.new_ref(jnp.zeros_like(running[...]))\n" in text
    assert "back.with_refs(jax.tree.map(lambda _: jax.ad.GradValue(), params), running_ref," in (
        text
    )


def test_a_ref_the_function_only_reads_may_be_skipped(tmp_path: Path) -> None:
    reading = dict(RUNNING)
    reading["stats.py"] = RUNNING["stats.py"].replace(
        "running[...] = 0.9 * running[...] + 0.1 * h.mean(axis=0)\n", ""
    )
    _files, frames = project(tmp_path, reading)
    argument = "the argument at position args[1] of the differentiated function f at stats.py:1"
    titles = [f.title for f in offered("vjp-ref-grad-missing", frames, [], argument=argument)]
    assert "Skip the gradient of running with jax.ad.DontWant()" in titles


SPRING = {
    "model.py": """
    class Spring:
        def __init__(self, rest):
            self.rest = rest

        def energy(self, x, k_ref):
            return 0.5 * k_ref[...] * ((x - self.rest) ** 2).sum()
    """,
    "tune.py": """
    import jax
    import model


    def tune(k_ref, x):
        spring = model.Spring(1.0)
        e, dk = jax.value_and_grad(spring.energy, argnums=1)(x, k_ref)  # frame 0
        k_ref[...] -= 0.1 * dk
    """,
}


def test_grad_of_a_ref_through_a_bound_method_differentiates_its_value(tmp_path: Path) -> None:
    _files, frames = project(tmp_path, SPRING)
    [fix] = offered("grad-ref-argument", frames, [])
    assert "jax.value_and_grad(spring.energy, argnums=1)(x, k_ref[...])" in fixed(
        fix, tmp_path / "tune.py"
    )


def test_grad_of_a_ref_a_bound_method_writes_gets_no_fix(tmp_path: Path) -> None:
    writing = dict(SPRING)
    writing["model.py"] = SPRING["model.py"].replace(
        "return 0.5", "k_ref[...] = k_ref[...] * 1.0\n        return 0.5"
    )
    _files, frames = project(tmp_path, writing)
    assert offered("grad-ref-argument", frames, []) == []


def test_flat_with_refs_entries_for_a_list_of_refs_are_grouped(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "train.py": """
            import jax
            import jax.numpy as jnp


            def update(layers, x, gw, gb):
                out, back = jax.vjp(net, layers, x)
                back.with_refs(gw, gb, jax.ad.DontWant())(jnp.ones_like(out))  # frame 0


            def main(x):
                layers = [jax.new_ref(jnp.ones((2, 2))), jax.new_ref(jnp.zeros(2))]
                gw, gb = jax.new_ref(jnp.zeros((2, 2))), jax.new_ref(jnp.zeros(2))
                update(layers, x, gw, gb)  # frame 1
            """
        },
    )
    [fix] = offered("vjp-with-refs-tree", frames, [], difference="")
    assert fix.applicability == Applicability.UNSAFE
    assert "back.with_refs((gw, gb), jax.ad.DontWant())(jnp.ones_like(out))" in fixed(
        fix, tmp_path / "train.py"
    )
    # Three entries for two primals of one leaf each: nothing says which go together.
    single = (tmp_path / "train.py").read_text().replace("layers = [", "layers = jnp.stack([")
    (tmp_path / "train.py").write_text(single.replace("jnp.zeros(2))]", "jnp.zeros(2))])"))
    assert offered("vjp-with-refs-tree", frames, [], difference="") == []


ROLLOUT = {
    "rollout.py": """
    from jax import lax
    import jax.numpy as np


    class Rollout:
        def __init__(self, horizon, h):
            self.horizon, self.h = horizon, h

        def run(self, x):
            count = np.rint(self.horizon / self.h).astype(int)  # culprit
            return lax.fori_loop(0, count, lambda i, x: x * 0.9, x)  # frame 1
    """,
    "fit.py": """
    import jax
    from rollout import Rollout


    def fit(x):
        return jax.grad(lambda x: Rollout(2.0, 0.1).run(x).sum())(x)  # frame 0
    """,
}


def test_a_fori_loop_bound_computed_with_jax_numpy_is_computed_with_python(
    tmp_path: Path,
) -> None:
    files, frames = project(tmp_path, ROLLOUT)
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    path = tmp_path / "rollout.py"
    assert (culprit.name, culprit.span.line) == ("count", marked_line(path))
    assert culprit.why is not None and "`np.rint`" in culprit.why
    [fix] = offered("grad-while-loop-reverse", frames, [culprit])
    assert fix.applicability == Applicability.UNSAFE
    assert "count = round(self.horizon / self.h)  # culprit" in fixed(fix, path)


def test_a_bound_whose_operands_are_jax_calls_gets_no_python_fix(tmp_path: Path) -> None:
    summed = dict(ROLLOUT)
    summed["rollout.py"] = ROLLOUT["rollout.py"].replace(
        "np.rint(self.horizon / self.h)", "np.rint(np.sum(x) / self.h)"
    )
    files, frames = project(tmp_path, summed)
    [culprit] = culprits(files, frames, CulpritKind.LOOP_BOUNDS)
    assert offered("grad-while-loop-reverse", frames, [culprit]) == []


GATED = {
    "gated.py": """
    from functools import partial

    import jax
    import jax.numpy as jnp


    class Gated:
        gate = None

        def prepare(self, params, x):
            self.gate: jax.Array = jax.nn.sigmoid(x @ params["g"])  # culprit

        def __call__(self, params, x):
            self.prepare(params, x)

            @partial(jax.custom_vjp)
            def mix(v):
                return self.gate * v

            mix.defvjp(lambda v: (self.gate * v, None), lambda _, g: (g,))
            return mix(params["v"])
    """,
    "train.py": """
    import jax
    from gated import Gated


    def step(params, x):
        return jax.grad(jax.jit(lambda p: Gated()(p, x).sum()))(params)  # frame 0
    """,
}


def test_a_custom_vjp_reading_a_self_attribute_set_from_a_traced_value(tmp_path: Path) -> None:
    files, frames = project(tmp_path, GATED)
    [culprit] = culprits(files, frames, CulpritKind.CUSTOM_VJP_CLOSURE)
    assert culprit.span.line == marked_line(tmp_path / "gated.py")
    assert culprit.why is not None and "`mix` reads `self.gate`, which `prepare` sets" in (
        culprit.why
    )


def test_no_self_attribute_culprit_when_two_methods_set_it(tmp_path: Path) -> None:
    twice = dict(GATED)
    twice["gated.py"] = GATED["gated.py"].replace(
        "        def __call__",
        "        def reset(self, x):\n            self.gate = x * 0\n\n        def __call__",
    )
    files, frames = project(tmp_path, twice)
    assert culprits(files, frames, CulpritKind.CUSTOM_VJP_CLOSURE) == []


OPTICS = {
    "optics.py": """
    import jax.numpy as jnp


    def pupil(phase):
        return jnp.exp(1j * phase)


    def psf_error(phase, target):
        field = jnp.fft.fft2(pupil(phase))
        return (field.conj() * field - target).mean()  # culprit
    """,
    "train.py": """
    import jax
    from optics import psf_error


    def step(phase, target):
        g = jax.jit(jax.grad(psf_error))(phase, target)  # frame 0
        return phase - 0.1 * g
    """,
}


def test_the_return_reducing_a_complex_value_gets_its_magnitude(tmp_path: Path) -> None:
    files, frames = project(tmp_path, OPTICS)
    [culprit] = culprits(files, frames, CulpritKind.COMPLEX_OUTPUT)
    path = tmp_path / "optics.py"
    assert culprit.span.line == marked_line(path)
    [fix] = offered("grad-complex-output", frames, [culprit])
    assert fix.applicability == Applicability.UNSAFE
    assert "return (jnp.abs(field) ** 2 - target).mean()  # culprit" in fixed(fix, path)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The magnitude taken already: real, so not this return.
        ("(field.conj() * field - target).mean()", "(jnp.abs(field) - target).mean()"),
        # A complex value returned as it is: no reduction to put the magnitude in.
        ("(field.conj() * field - target).mean()", "field[0, 0]"),
    ],
)
def test_no_complex_culprit_without_a_complex_reduction(tmp_path: Path, old: str, new: str) -> None:
    files, frames = project(
        tmp_path, {**OPTICS, "optics.py": OPTICS["optics.py"].replace(old, new)}
    )
    assert culprits(files, frames, CulpritKind.COMPLEX_OUTPUT) == []


@pytest.mark.parametrize(
    ("state", "energy", "expected"),
    [
        # a complex phase inside a stacked list, vdot of the state and the operator applied
        (
            "jnp.stack([jnp.cos(a[0]), jnp.exp(1j * a[1]) * jnp.sin(a[0])])",
            "jnp.vdot(psi, h @ psi)",
            "jnp.vdot(psi, h @ psi).real",
        ),
        # a dtype keyword, the conjugate on the left of a matmul chain
        (
            "jnp.array([jnp.cos(a[0]), jnp.sin(a[0])], dtype=jnp.complex64)",
            "psi.conj() @ h @ psi",
            "(psi.conj() @ h @ psi).real",
        ),
        # astype, jnp.dot and jnp.conj
        (
            "jnp.stack([jnp.cos(a[0]), jnp.sin(a[1])]).astype(jnp.complex64)",
            "jnp.conj(psi) @ jnp.dot(h, psi)",
            "(jnp.conj(psi) @ jnp.dot(h, psi)).real",
        ),
    ],
)
def test_an_expectation_value_of_a_complex_state_takes_its_real_part(
    tmp_path: Path, state: str, energy: str, expected: str
) -> None:
    files, frames = project(
        tmp_path,
        {
            "qubit.py": f"""
            import jax.numpy as jnp


            def prepare(a):
                return {state}


            def energy(a, h):
                psi = prepare(a)
                return {energy}  # culprit
            """,
            "vqe.py": """
            import jax

            import qubit


            def fit(a, h):
                step = jax.jit(jax.grad(qubit.energy))
                return a - 0.1 * step(a, h)  # frame 0
            """,
        },
    )
    path = tmp_path / "qubit.py"
    [culprit] = culprits(files, frames, CulpritKind.COMPLEX_OUTPUT)
    assert culprit.span.line == marked_line(path)
    [fix] = offered("grad-complex-output", frames, [culprit])
    assert fix.applicability == Applicability.UNSAFE
    assert f"return {expected}  # culprit" in fixed(fix, path)


def test_no_real_part_of_a_form_between_two_states(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "overlap.py": """
            import jax
            import jax.numpy as jnp


            def overlap(a, b, h):
                psi = jnp.exp(1j * a)
                phi = jnp.exp(1j * b)
                return jnp.vdot(psi, h @ phi)  # culprit


            def step(a, b, h):
                return jax.grad(overlap)(a, b, h)  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.COMPLEX_OUTPUT)
    assert culprit.span.line == marked_line(tmp_path / "overlap.py")
    assert offered("grad-complex-output", frames, [culprit]) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # selected indices named, then averaged
        (
            "hits = jnp.flatnonzero(valid)  # frame 0\n    return jnp.mean(err[hits])",
            "    return jnp.sum(jnp.where(valid, err, 0.0)) / jnp.maximum(jnp.sum(valid), 1)\n",
        ),
        # inline, the whole index tuple, a method reduction
        (
            "return err[jnp.nonzero(valid)].sum()  # frame 0",
            "    return jnp.sum(jnp.where(valid, err, 0.0))  # frame 0\n",
        ),
        # inline, where's first index array, a maximum
        (
            "worst = jnp.max(err[jnp.where(valid)[0]])  # frame 0\n    return worst",
            "    worst = jnp.max(jnp.where(valid, err, -jnp.inf))  # frame 0\n",
        ),
    ],
)
def test_a_reduction_of_selected_entries_becomes_a_masked_reduction(
    tmp_path: Path, body: str, expected: str
) -> None:
    _files, frames = project(
        tmp_path,
        {
            "losses.py": f"""
            import jax.numpy as jnp


            def masked_loss(pred, target, valid):
                err = (pred - target) ** 2
                {body.replace(chr(10) + "    ", chr(10) + "                ")}
            """
        },
    )
    [fix] = offered("concretization-type-error", frames, [])
    assert fix.applicability == Applicability.UNSAFE
    text = fixed(fix, tmp_path / "losses.py")
    assert expected in text
    assert "nonzero" not in text and "jnp.where(valid)" not in text


def test_selected_indices_read_twice_are_not_rewritten(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "losses.py": """
            import jax.numpy as jnp


            def masked_loss(err, valid):
                hits = jnp.nonzero(valid)[0]  # frame 0
                return jnp.mean(err[hits]) + hits.shape[0]
            """
        },
    )
    assert offered("concretization-type-error", frames, []) == []


@pytest.mark.parametrize(
    ("returned", "expected"),
    [
        # the entry not keyed as residuals is the output
        ('{"h": jnp.tanh(x @ w), "saved": (x, w)}', "return jnp.tanh(x @ w), (x, w)"),
        # the output keyed as one, the residuals keyed by the bwd rule's names, in its order
        ("dict(w=w, value=jnp.tanh(x @ w), x=x)", "return jnp.tanh(x @ w), (x, w)"),
    ],
)
def test_a_fwd_rule_returning_a_dict_returns_the_pair(
    tmp_path: Path, returned: str, expected: str
) -> None:
    files, frames = project(
        tmp_path,
        {
            "layer.py": f"""
            import jax
            import jax.numpy as jnp


            @jax.custom_vjp
            def dense(x, w):
                return jnp.tanh(x @ w)


            def dense_fwd(x, w):
                return {returned}  # culprit


            def dense_bwd(res, g):
                x, w = res
                return g @ w.T, x.T @ g


            dense.defvjp(dense_fwd, dense_bwd)


            def loss(x, w):
                return dense(x, w).sum()  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.CUSTOM_VJP_FWD, primal="dense")
    assert culprit.span.line == marked_line(tmp_path / "layer.py")
    [fix] = offered("custom-vjp-fwd-not-pair", frames, [culprit], primal="dense")
    assert f"{expected}  # culprit" in fixed(fix, tmp_path / "layer.py")


def test_a_python_if_selecting_a_pytree_selects_leaf_by_leaf(tmp_path: Path) -> None:
    _files, frames = project(
        tmp_path,
        {
            "opt.py": """
            import jax
            import jax.numpy as jnp
            from jax.tree_util import tree_map


            def damp(updates, step, new=0.5):
                if step < 100:  # frame 0
                    return tree_map(lambda u: u * new, updates)
                return updates
            """
        },
    )
    [fix] = offered("tracer-bool-conversion", frames, [])
    assert (
        "    return tree_map(lambda new2, old: jnp.where(step < 100, new2, old), "
        "tree_map(lambda u: u * new, updates), updates)\n" in fixed(fix, tmp_path / "opt.py")
    )


@pytest.mark.parametrize(
    ("head", "imported"),
    [
        ('"""Momentum per phase."""\n', '"""Momentum per phase."""\n\nimport jax.numpy as jnp\n'),
        ("import math\n", "import math\nimport jax.numpy as jnp\n"),
    ],
)
def test_a_list_indexed_by_a_tracer_in_a_module_without_jax_imports_it(
    tmp_path: Path, head: str, imported: str
) -> None:
    body = "\nBETAS = (0.9, 0.95, 0.99)\n\n\ndef beta(phase):\n    return BETAS[phase]  # frame 0\n"
    _files, frames = project(tmp_path, {"phases.py": head + body})
    [fix] = offered("tracer-integer-conversion", frames, [])
    text = fixed(fix, tmp_path / "phases.py")
    assert text.startswith(imported)
    assert "    return jnp.array(BETAS)[phase]  # frame 0\n" in text


def test_a_conjugate_gradient_solver_makes_the_operator_symmetric(tmp_path: Path) -> None:
    files, frames = project(
        tmp_path,
        {
            "gp.py": """
            import jax
            from jax.scipy.sparse.linalg import cg as krylov


            def by_cg(op, rhs):
                return krylov(op, rhs, tol=1e-8)[0]


            def posterior_mean(kernel, noise, y):
                return jax.lax.custom_linear_solve(  # culprit frame 1
                    lambda v: kernel @ v + noise * v, y, by_cg
                )


            def nll_grad(kernel, noise, y):
                return jax.grad(lambda n: posterior_mean(kernel, n, y).sum())(noise)  # frame 0
            """
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.CUSTOM_LINEAR_SOLVE_CALL)
    [fix] = offered("custom-linear-solve-no-transpose", frames, [culprit])
    assert "lambda v: kernel @ v + noise * v, y, by_cg, symmetric=True\n" in fixed(
        fix, tmp_path / "gp.py"
    )


@pytest.mark.parametrize(
    ("operation", "primitive", "after"),
    [
        ("np.log1p(x @ kernel)", "log1p", "x @ kernel"),
        ("np.clip(x @ kernel, 0.0, 1.0)", "clamp", None),  # more than one argument
    ],
)
def test_a_non_linear_call_is_dropped_unsafely_for_linear_transpose(
    tmp_path: Path, operation: str, primitive: str, after: str | None
) -> None:
    files, frames = project(
        tmp_path,
        {
            "model.py": f"""
            import jax.numpy as np

            kernel = np.eye(3)


            def response(x):
                return 0.5 * {operation}  # culprit
            """,
            "adjoint.py": """
            import jax
            from model import response

            back = jax.linear_transpose(response, jax.numpy.ones(3))
            print(back(jax.numpy.ones(3)))  # frame 0
            """,
        },
    )
    found = culprits(files, frames, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive=primitive)
    fixes = offered("transpose-rule-missing", frames, found, primitive=primitive)
    if after is None:
        assert fixes == []
        return
    [fix] = fixes
    assert fix.applicability == Applicability.UNSAFE
    assert f"return 0.5 * {after}  # culprit" in fixed(fix, tmp_path / "model.py")


def test_a_gradient_ref_spread_from_a_tuple_an_instance_holds_is_followed_there(
    tmp_path: Path,
) -> None:
    files, frames = project(
        tmp_path,
        {
            "slots.py": """
            import jax
            import jax.numpy as jnp


            class Slots:
                def __init__(self, rows):
                    self.refs = (
                        jax.new_ref(jnp.zeros((rows, 1), jnp.float32)),  # culprit
                        jax.ad.DontWant(),
                    )
            """,
            "train.py": """
            import jax
            import jax.numpy as jnp

            from slots import Slots


            def step(w_ref, slots, x):
                out, f_vjp = jax.vjp(loss, w_ref, x)
                f_vjp.with_refs(*slots.refs)(jnp.ones_like(out))  # frame 0


            def run(w_ref, x):
                step(w_ref, Slots(3), x)  # frame 1
            """,
        },
    )
    [culprit] = culprits(files, frames, CulpritKind.REFS_ARGUMENT, **ACCUMULATED)
    assert (culprit.span.path.name, culprit.span.line) == (
        "slots.py",
        marked_line(tmp_path / "slots.py"),
    )
