"""Lint with the project's other modules: a transform given a function imported from the project
is checked against that function's source, the culprit placed in the module that defines it;
silence wherever the import or the function is not surely the one the run would call."""

from __future__ import annotations

import textwrap
from pathlib import Path

from jaxerr_ls.lint import lint_source
from jaxerr_ls.lint.imports import ProjectModules, file_reader
from jaxerr_ls.lint.incremental import IncrementalLinter

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"

LOSSES = """
import jax.numpy as jnp

def vae_loss(params, x):
    recon = jnp.mean((params * x - x) ** 2)
    kl = jnp.sum(params**2)
    return recon + kl, recon, kl

def mse(params, x):
    return jnp.mean((params * x) ** 2)
"""


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def lint_file(root: Path, name: str, modules: ProjectModules | None = None) -> list[tuple]:
    path = root / name
    modules = modules or ProjectModules(file_reader(root), root)
    result = lint_source(path.read_text(), path=path, modules=modules)
    return [
        (
            p.code,
            p.span.line,
            None if p.culprit is None else p.culprit.path.relative_to(root).as_posix(),
            None if p.culprit is None else p.culprit.line,
        )
        for p in result.predictions
    ]


def test_a_fixture_project_script_differentiating_an_imported_function() -> None:
    """grad_loss_with_metrics.py (whose real run raises grad-output-not-array on its marker)
    differentiates ``loss_with_metrics`` of model/grad_checks.py: alone it is out of reach,
    with its project the prediction lands on the marker, its culprit on the ``return``."""
    script = PROJECT / "scripts" / "grad_loss_with_metrics.py"
    marker = next(
        number
        for number, text in enumerate(script.read_text().splitlines(), start=1)
        if "jaxerr-expect: grad-output-not-array" in text
    )
    defining = (PROJECT / "model" / "grad_checks.py").read_text().splitlines()
    returned = next(n for n, text in enumerate(defining, start=1) if "return loss, {" in text)
    assert lint_source(script.read_text(), path=script).predictions == []
    assert lint_file(PROJECT, "scripts/grad_loss_with_metrics.py") == [
        ("grad-output-not-array", marker, "model/grad_checks.py", returned)
    ]


def test_functions_imported_in_every_spelling(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "losses.py": LOSSES,
            "pkg/__init__.py": "",
            "pkg/objectives.py": LOSSES,
            "train.py": """
            import jax
            import losses
            import losses as L
            from losses import vae_loss
            from pkg.objectives import vae_loss as pkg_loss
            from pkg import objectives

            a = jax.value_and_grad(vae_loss, has_aux=True)(1.0, 2.0)
            b = jax.grad(losses.vae_loss, has_aux=True)(1.0, 2.0)
            c = jax.grad(L.vae_loss)(1.0, 2.0)
            d = jax.grad(pkg_loss, has_aux=True)(1.0, 2.0)
            e = jax.grad(objectives.vae_loss, has_aux=True)(1.0, 2.0)
            f = jax.grad(losses.mse)(1.0, 2.0)
            """,
        },
    )
    assert lint_file(tmp_path, "train.py") == [
        ("grad-has-aux-not-pair", 9, "losses.py", 7),
        ("grad-has-aux-not-pair", 10, "losses.py", 7),
        ("grad-output-not-array", 11, "losses.py", 7),
        ("grad-has-aux-not-pair", 12, "pkg/objectives.py", 7),
        ("grad-has-aux-not-pair", 13, "pkg/objectives.py", 7),
    ]


def test_silent_where_the_imported_function_is_not_sure(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write(outside, {"hidden.py": LOSSES})
    root = tmp_path / "repo"
    write(
        root,
        {
            # bound twice: either may be the one called
            "twice.py": LOSSES + "\nvae_loss = mse\n",
            # a decorator that may change what the function returns
            "wrapped.py": "import deco\n\n@deco.log\n" + textwrap.dedent(LOSSES).split("\n\n")[1],
            "broken.py": "def vae_loss(:\n",
            "train.py": """
            import jax
            import missing
            import twice
            import wrapped
            import broken
            import hidden

            jax.grad(missing.vae_loss, has_aux=True)(1.0, 2.0)
            jax.grad(twice.vae_loss, has_aux=True)(1.0, 2.0)
            jax.grad(wrapped.vae_loss, has_aux=True)(1.0, 2.0)
            jax.grad(broken.vae_loss, has_aux=True)(1.0, 2.0)
            jax.grad(hidden.vae_loss, has_aux=True)(1.0, 2.0)
            """,
        },
    )
    # A module linked in from outside the project is not read.
    (root / "hidden.py").symlink_to(outside / "hidden.py")
    assert lint_file(root, "train.py") == []


def test_an_edit_of_the_imported_module_is_seen_by_the_next_analysis(tmp_path: Path) -> None:
    write(tmp_path, {"losses.py": LOSSES})
    texts = {tmp_path / "losses.py": textwrap.dedent(LOSSES)}
    modules = ProjectModules(lambda path: texts.get(path), tmp_path)
    linter = IncrementalLinter(modules)
    source = (
        "import jax\nfrom losses import vae_loss\n\njax.grad(vae_loss, has_aux=True)(1.0, 2.0)\n"
    )
    train = tmp_path / "train.py"

    def codes() -> list[tuple[str, int, int | None]]:
        found = linter.lint(source, path=train).predictions
        return [(p.code, p.span.line, p.culprit and p.culprit.line) for p in found]

    assert codes() == [("grad-has-aux-not-pair", 4, 7)]
    texts[tmp_path / "losses.py"] = texts[tmp_path / "losses.py"].replace(
        "return recon + kl, recon, kl", "return recon + kl, (recon, kl)"
    )
    assert codes() == []
    # A line added above the call moves the prediction, not the culprit in the other module.
    texts[tmp_path / "losses.py"] = textwrap.dedent(LOSSES)
    source = "\n" + source
    assert codes() == [("grad-has-aux-not-pair", 5, 7)]
    source = "\n" + source
    assert codes() == [("grad-has-aux-not-pair", 6, 7)]


def test_rules_returning_what_a_project_module_makes(tmp_path: Path) -> None:
    """A hijax ``vjp_bwd`` returning a helper's ``OrderedDict`` (JAX wants exactly a dict), a
    custom_jvp rule returning an instance of a dataclass of another module."""
    write(
        tmp_path,
        {
            "logs.py": """
            from collections import OrderedDict
            import jax.numpy as jnp

            def grad_summary(**grads):
                return OrderedDict((k, jnp.max(jnp.abs(g))) for k, g in grads.items())

            def plain(**grads):
                return dict(grads)
            """,
            "dual.py": """
            from dataclasses import dataclass

            @dataclass
            class Dual:
                primal: object
                tangent: object
            """,
            "prims.py": """
            import jax
            import jax.numpy as jnp
            from jax.experimental.hijax import HiPrim
            from logs import grad_summary, plain
            from dual import Dual

            class Square(HiPrim):
                def vjp_fwd(self, nzs_in, x):
                    return x * x, x

                def vjp_bwd(self, x, g, x_acc):
                    x_acc.accum(2.0 * x * g)
                    return grad_summary(x=g)

            class Cube(HiPrim):
                def vjp_fwd(self, nzs_in, x):
                    return x**3, x

                def vjp_bwd(self, x, g, x_acc):
                    x_acc.accum(3.0 * x * x * g)
                    return plain(x=g)

            @jax.custom_jvp
            def softplus(x):
                return jnp.logaddexp(x, 0.0)

            @softplus.defjvp
            def softplus_jvp(primals, tangents):
                (x,), (x_dot,) = primals, tangents
                return Dual(softplus(x), jax.nn.sigmoid(x) * x_dot)
            """,
        },
    )
    assert [(code, line) for code, line, _, _ in lint_file(tmp_path, "prims.py")] == [
        ("hijax-vjp-bwd-return", 14),
        ("custom-jvp-rule-not-pair", 31),
    ]


def test_the_quick_fix_of_an_imported_function_edits_its_module(tmp_path: Path) -> None:
    """The run error's quick fix, offered on the prediction, edits the module that defines the
    function; with the edit applied, the prediction is gone."""
    from jaxerr_ls.fixes import fixes_for
    from jaxerr_ls.lint import fix_target
    from jaxerr_ls.spans import apply_edits

    write(
        tmp_path,
        {
            "losses.py": LOSSES,
            "train.py": """
            import jax
            from losses import vae_loss

            jax.grad(vae_loss, has_aux=True)(1.0, 2.0)
            """,
        },
    )
    train = tmp_path / "train.py"
    modules = ProjectModules(file_reader(tmp_path), tmp_path)
    [prediction] = lint_source(train.read_text(), path=train, modules=modules).predictions
    fixes = fixes_for(fix_target(prediction), lambda p: p.read_text())
    assert fixes
    [edited] = {edit.path for edit in fixes[0].edits}
    assert edited == tmp_path / "losses.py"
    edited.write_text(apply_edits(edited.read_text(), list(fixes[0].edits)))
    modules = ProjectModules(file_reader(tmp_path), tmp_path)
    assert lint_source(train.read_text(), path=train, modules=modules).predictions == []


def test_an_instance_made_in_the_transform_call_is_its_call_method(tmp_path: Path) -> None:
    """``jax.grad(Objective(beta), has_aux=True)``: the class's ``__call__`` is what is
    differentiated (here it returns a dataclass, not a pair); an inherited or decorated
    ``__call__`` keeps lint silent."""
    write(
        tmp_path,
        {
            "objective.py": """
            from dataclasses import dataclass
            import jax.numpy as jnp

            @dataclass
            class Output:
                loss: object
                logs: dict

            class Elbo:
                def __init__(self, beta):
                    self.beta = beta

                def __call__(self, params, x):
                    rec = jnp.mean((params * x - x) ** 2)
                    return Output(rec, {"rec": rec})

            class Derived(Elbo):
                pass
            """,
            "train.py": """
            import jax
            from objective import Elbo, Derived

            jax.grad(Elbo(0.5), has_aux=True)(1.0, 2.0)
            jax.grad(Derived(0.5), has_aux=True)(1.0, 2.0)
            """,
        },
    )
    assert lint_file(tmp_path, "train.py") == [("grad-has-aux-not-pair", 5, "objective.py", 16)]


UPDATE = """
import jax


def make_update(loss_fn, lr):
    grad_fn = jax.value_and_grad(loss_fn)

    def update(params, *batch):
        out, grads = grad_fn(params, *batch)
        return jax.tree.map(lambda p, g: p - lr * g, params, grads), out

    return update
"""

MODEL = """
import jax.numpy as jnp


def loss_with_metrics(params, x):
    err = jnp.mean((params * x) ** 2)
    return err, {"err": err}


def mse(params, x):
    return jnp.mean((params * x) ** 2)
"""


def test_a_factory_parameter_is_what_the_callers_in_other_modules_pass(tmp_path: Path) -> None:
    """``make_update(loss_fn, lr)`` of utils/update.py differentiates its parameter: the one
    call in another module passes a loss returning a pair, so the run raises; a test calling
    the factory with the same loss agrees, one with another loss leaves it in doubt."""
    script = """
    import model
    from utils.update import make_update

    step = make_update(model.loss_with_metrics, 0.1)
    """
    write(tmp_path, {"utils/__init__.py": "", "utils/update.py": UPDATE, "model.py": MODEL})
    assert lint_file(tmp_path, "utils/update.py") == []
    write(tmp_path, {"train.py": script})
    returned = MODEL.splitlines().index('    return err, {"err": err}') + 1
    line = UPDATE.splitlines().index("    grad_fn = jax.value_and_grad(loss_fn)") + 1
    expected = [("grad-output-not-array", line, "model.py", returned)]
    assert lint_file(tmp_path, "utils/update.py") == expected
    # A test calling the factory with the same loss: every way to the call agrees.
    same = (
        "from utils import update\nimport model\n\nupdate.make_update(model.loss_with_metrics, 1)\n"
    )
    write(tmp_path, {"tests/test_update.py": same})
    assert lint_file(tmp_path, "utils/update.py") == expected
    # With a scalar loss passed elsewhere, the output depends on the caller: silent.
    other = "from utils.update import make_update\nfrom model import mse\n\nmake_update(mse, 1)\n"
    write(tmp_path, {"tests/test_other.py": other})
    assert lint_file(tmp_path, "utils/update.py") == []


def test_a_caller_added_or_edited_later_is_seen_by_the_next_analysis(tmp_path: Path) -> None:
    """One ``ProjectModules`` shared by the editor's documents: a module that starts calling
    the factory (a new file, then an edit of it) reaches the factory's next analysis once
    ``touched`` tells of it, and the kept predictions are dropped for it; a module edited
    into calling the factory with another loss leaves it in doubt again."""
    write(tmp_path, {"utils/__init__.py": "", "utils/update.py": UPDATE, "model.py": MODEL})
    texts: dict[Path, str] = {}
    read_disk = file_reader(tmp_path)

    def read(path: Path) -> str | None:
        return texts[path] if path in texts else read_disk(path)

    modules = ProjectModules(read, tmp_path)
    update = tmp_path / "utils" / "update.py"
    source = update.read_text()
    linter = IncrementalLinter(modules)

    def found() -> list[tuple[str, int, int | None]]:
        result = linter.lint(source, path=update)
        return [(p.code, p.span.line, p.culprit and p.culprit.line) for p in result.predictions]

    assert found() == []
    assert linter.read.searches  # the factory's callers were looked for, none found
    assert not modules.stale(linter.read)
    # A script opened in the editor, not yet saved: its buffer calls the factory.
    train = tmp_path / "train.py"
    texts[train] = (
        "import model\nfrom utils.update import make_update\n\n"
        "step = make_update(model.loss_with_metrics, 0.1)\n"
    )
    assert not modules.stale(linter.read)  # not told yet
    modules.touched(train)
    assert modules.stale(linter.read)
    returned = MODEL.splitlines().index('    return err, {"err": err}') + 1
    line = UPDATE.splitlines().index("    grad_fn = jax.value_and_grad(loss_fn)") + 1
    assert found() == [("grad-output-not-array", line, returned)]
    assert train in linter.read.texts
    # The script edited to pass a scalar loss: the read module changed.
    texts[train] = texts[train].replace("model.loss_with_metrics", "model.mse")
    assert modules.stale(linter.read)
    assert found() == []
    # A module of an excluded folder or outside the root is never indexed.
    hidden = tmp_path / ".venv" / "lib.py"
    texts[hidden] = texts[train].replace("model.mse", "model.loss_with_metrics")
    modules.touched(hidden)
    assert not modules.stale(linter.read)
    # Told of the unsaved module before any search made the index: the index holds it.
    texts[train] = texts[hidden]
    modules = ProjectModules(read, tmp_path)
    modules.touched(train)
    linter = IncrementalLinter(modules)
    assert found() == [("grad-output-not-array", line, returned)]


def test_a_name_called_in_many_modules_is_not_searched_for_its_callers(tmp_path: Path) -> None:
    files = {"utils/__init__.py": "", "utils/update.py": UPDATE, "model.py": MODEL}
    files["train.py"] = (
        "import model\nfrom utils.update import make_update\n\n"
        "make_update(model.loss_with_metrics, 0.1)\n"
    )
    # Other modules calling functions of their own with the same name.
    for n in range(25):
        files[f"other_{n}.py"] = "def make_update(f, lr):\n    return f\n\nmake_update(len, 1)\n"
    write(tmp_path, files)
    assert lint_file(tmp_path, "utils/update.py") == []


HOOKED_BASE = """
import jax
from jax.experimental.hijax import HiPrim


class Elementwise(HiPrim):
    def __init__(self, x_aval):
        super().__init__(x_aval, x_aval, {})

    def expand(self, x):
        return self.forward(x)

    def vjp_fwd(self, nzs_in, x):
        return self(x), x

    def report(self, ct):
        return None

    def vjp_bwd(self, x, ct, x_acc):
        x_acc.accum(ct * self.local_grad(x))
        return self.report(ct)
"""


def test_a_hook_a_subclass_overrides_is_what_the_inherited_vjp_bwd_returns(
    tmp_path: Path,
) -> None:
    """``vjp_bwd`` of a base primitive returns ``self.report(ct)``: the base's ``report`` returns
    None, a subclass in another module overrides it to return an array, so differentiating the
    subclass raises; a subclass whose hook returns a dict of log entries does not."""
    sub = """
    import jax.numpy as jnp
    from rates import Elementwise


    class Arrhenius(Elementwise):
        def forward(self, x):
            return jnp.exp(-x)

        def local_grad(self, x):
            return -jnp.exp(-x)

        def report(self, ct):
            return {returned}
    """
    write(tmp_path, {"rates.py": HOOKED_BASE})
    assert lint_file(tmp_path, "rates.py") == []
    write(tmp_path, {"kinetics.py": sub.format(returned="jnp.max(jnp.abs(ct))")})
    returned = HOOKED_BASE.splitlines().index("        return self.report(ct)") + 1
    hook = textwrap.dedent(sub).splitlines().index("        return {returned}") + 1
    assert lint_file(tmp_path, "rates.py") == [
        ("hijax-vjp-bwd-return", returned, "kinetics.py", hook)
    ]
    write(tmp_path, {"kinetics.py": sub.format(returned='{"peak": jnp.max(jnp.abs(ct))}')})
    assert lint_file(tmp_path, "rates.py") == []


MIXIN = """
from typing import NamedTuple

import jax.numpy as jnp


class Stats(NamedTuple):
    n: int
    peak: float


class AccumulatingBwd:
    def vjp_bwd(self, res, g, *accums):
        cts = self.cotangents(res, g)
        for acc, ct in zip(accums, cts):
            acc.accum(ct)
        return {returned}
"""

USES_MIXIN = """
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from bwd_utils import AccumulatingBwd


class Scale(AccumulatingBwd, HiPrim):
    def __init__(self, x_aval):
        super().__init__(x_aval, x_aval, {})

    def expand(self, x):
        return 2.0 * x

    def vjp_fwd(self, nzs_in, x):
        return self(x), None

    def cotangents(self, res, g):
        return (2.0 * g,)
"""


def test_a_vjp_bwd_inherited_from_a_mixin_of_another_module(tmp_path: Path) -> None:
    write(tmp_path, {"layers.py": USES_MIXIN})
    write(tmp_path, {"bwd_utils.py": MIXIN.format(returned="Stats(n=len(cts), peak=0.0)")})
    base = (
        textwrap.dedent(USES_MIXIN).splitlines().index("class Scale(AccumulatingBwd, HiPrim):") + 1
    )
    returned = textwrap.dedent(MIXIN).splitlines().index("        return {returned}") + 1
    assert lint_file(tmp_path, "layers.py") == [
        ("hijax-vjp-bwd-return", base, "bwd_utils.py", returned)
    ]
    write(tmp_path, {"bwd_utils.py": MIXIN.format(returned="None")})
    assert lint_file(tmp_path, "layers.py") == []


CLIPPING = """
import functools

import jax.numpy as jnp


def clip_outgrad(rule):
    @functools.wraps(rule)
    def wrapper(self, res, g, x_acc):
        norm = jnp.linalg.norm(g)
        {body}

    return wrapper
"""

CLIPPED_PRIM = """
from jax.experimental.hijax import HiPrim

from rules import clip_outgrad


class Gate(HiPrim):
    def __init__(self, x_aval):
        super().__init__(x_aval, x_aval, {})

    def expand(self, x):
        return x

    def vjp_fwd(self, nzs_in, x):
        return self(x), None

    @clip_outgrad
    def vjp_bwd(self, res, g, x_acc):
        x_acc.accum(g)
"""


def test_a_vjp_bwd_under_a_project_decorator_returns_what_its_wrapper_returns(
    tmp_path: Path,
) -> None:
    write(tmp_path, {"gate.py": CLIPPED_PRIM})
    write(
        tmp_path,
        {"rules.py": CLIPPING.format(body="rule(self, res, g, x_acc)\n        return norm")},
    )
    decorator = textwrap.dedent(CLIPPED_PRIM).splitlines().index("    @clip_outgrad") + 1
    returned = (
        textwrap.dedent(CLIPPING.format(body="rule(self, res, g, x_acc)\n        return norm"))
        .splitlines()
        .index("        return norm")
        + 1
    )
    assert lint_file(tmp_path, "gate.py") == [
        ("hijax-vjp-bwd-return", decorator, "rules.py", returned)
    ]
    write(tmp_path, {"rules.py": CLIPPING.format(body="return rule(self, res, g, x_acc)")})
    assert lint_file(tmp_path, "gate.py") == []
