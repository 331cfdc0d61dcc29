"""Fixes of tracing errors on programs of tests/fixtures/tracer_fixes (real output in each
program's run.log): several names selected by one ``jnp.where`` for a Python ``if``/``else``,
``lax.switch`` for a traced index into a table of functions of another module, and
``jax.jvp`` / ``jax.linearize`` through a custom_vjp function done with ``jax.jacrev``,
``jax.lax.stop_gradient`` on what a result-less ``io_callback`` is handed, and a traced pytree
field made static where its class makes it a leaf (``meta_fields``, ``field(static=True)``)."""

from __future__ import annotations

import ast
import difflib
import shutil
from pathlib import Path

import pytest

from jaxerr_ls.catalog import Catalog
from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.fixes import Applicability, Fix, finding_target, fixes_for
from jaxerr_ls.spans import apply_edits

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "tracer_fixes"
PROGRAMS = sorted(p.name for p in HERE.iterdir() if (p / "main.py").is_file())


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load(generated=None)


def read(path: Path) -> str | None:
    return path.read_text() if path.is_file() else None


def offered(catalog: Catalog, root: Path) -> list[Fix]:
    log = (HERE / root.name / "run.log").read_text().splitlines()
    analyzer = Analyzer(catalog, root, cwd=root)
    [finding] = [f for f in analyzer.analyze_lines(log, "run.log") if f.severity == "error"]
    target = finding_target(finding)
    assert target is not None
    return fixes_for(target, read)


def copy(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    shutil.copytree(HERE / name, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def fixed_diff(fix: Fix) -> str:
    [path] = {edit.path for edit in fix.edits}
    before = path.read_text()
    after = apply_edits(before, fix.edits)
    ast.parse(after)
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        f"a/{path.name}",
        f"b/{path.name}",
    )
    return "".join(lines)


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_fix_is_the_expected_source(catalog: Catalog, tmp_path: Path, name: str) -> None:
    [fix] = offered(catalog, copy(tmp_path, name))
    # Unsafe all but the callback's: jnp.where computes both branches, lax.switch clamps its
    # index, a Jacobian taken whole fails on a pytree input.
    safe = name.startswith("io_callback")
    assert fix.applicability == (Applicability.SAFE if safe else Applicability.UNSAFE)
    assert fixed_diff(fix) == (HERE / "expected" / f"{name}.diff").read_text()


# Edits after which the program's code no longer proves the rewrite.
DOUBTS = [
    # The second assignment reads the first's new value: the two cannot be selected at once.
    ("where_bounce_else", "speed *= -0.9", "speed = -0.9 * height"),
    # A name only the else branch sets, unset before the if: nothing to keep where c holds.
    ("where_bounce_else", "speed = speed - 9.8 * DT", "drag = speed * 0.1"),
    # A branch doing more than assigning names.
    ("where_bounce_else", "speed *= -0.9", "print(speed)"),
    # A tuple selected whole would be one array to jnp.where.
    ("where_bounce_else", "speed *= -0.9", "speed = (speed, 0.0)"),
    # The table holds a number: not every entry is a function switch can call.
    ("switch_kernel_table", "KERNELS = [gaussian, laplacian,", "KERNELS = [gaussian, 2.0,"),
    # Called with a keyword, which lax.switch does not pass on.
    ("switch_kernel_table", "KERNELS[kind](r)", "KERNELS[kind](r=r)"),
    # Two primals: one Jacobian contracted with one tangent is not the whole jvp.
    (
        "jvp_matrix_custom_vjp",
        "jax.jvp(self.activations, (weight,), (direction,))",
        "jax.jvp(self.act2, (weight, weight), (direction, direction))",
    ),
    # A callback whose result the program uses: dropping its tangents changes the derivative.
    (
        "io_callback_loss_logger",
        "io_callback(_keep, None,",
        "io_callback(_keep, jax.ShapeDtypeStruct((), 'float32'),",
    ),
    # Linearized at several arguments.
    ("linearize_newton_loop", "jax.linearize(residuals, u)", "jax.linearize(residuals, u, u)"),
    # A registration whose data_fields are not written out: nothing to move from them.
    (
        "meta_field_registration",
        'data_fields=["dt", "substeps", "damping"],',
        "data_fields=list(Integrator.__dataclass_fields__),",
    ),
    # No field declared static by a call of its own (only ``dict(static=True)`` in metadata):
    # no spelling to copy.
    (
        "static_field_declaration",
        'name: str = field(pytree_node=False, default="block")',
        'name: str = dataclasses.field(metadata=dict(static=True), default="block")',
    ),
]


@pytest.mark.parametrize(("name", "old", "new"), DOUBTS)
def test_no_fix_where_the_code_leaves_a_doubt(
    catalog: Catalog, tmp_path: Path, name: str, old: str, new: str
) -> None:
    root = copy(tmp_path, name)
    edited = [p for p in root.glob("*.py") if old in p.read_text()]
    [path] = edited
    path.write_text(path.read_text().replace(old, new, 1))
    assert [f.title for f in offered(catalog, root)] == []


def test_a_tuple_of_data_fields_stays_a_tuple(catalog: Catalog, tmp_path: Path) -> None:
    """``("dt", "substeps")`` loses its entry as ``("dt",)``: ``("dt")`` would be a string."""
    root = copy(tmp_path, "meta_field_registration")
    settings = root / "settings.py"
    text = settings.read_text()
    text = text.replace('["dt", "substeps", "damping"]', '("dt", "substeps")')
    settings.write_text(text.replace("meta_fields=[],", 'meta_fields=("damping",),'))
    [fix] = offered(catalog, root)
    fixed = apply_edits(settings.read_text(), fix.edits)
    assert 'data_fields=("dt",),' in fixed
    assert 'meta_fields=("damping", "substeps",),' in fixed
