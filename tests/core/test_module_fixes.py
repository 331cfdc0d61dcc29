"""Fixes that reach across a program's modules, on programs of tests/fixtures/module_fixes (real
output in each program's run.log): a hijax ``vjp_bwd`` returning what an imported helper that
accumulates returns, a ``has_aux`` function reached as a method of an attribute
(``self.model.loss``) and defined in a module the traceback's files import, gradient Refs made by a
comprehension over the primal tree or shaped after each Ref, made in a loop beside the parameter
Ref made from the same value, or in a dtype a table holds, and the one unreduced term of a
registry of costs that a non-scalar loss sums; a has_aux triple whose aux the caller reads by key,
a fwd rule of a two-output primal that returns a helper's pair, a jvp rule returning a record a
helper builds, a bwd rule returning a tuple for a NamedTuple argument of a class its module does
not import, or a helper's pair for a dataclass argument with meta fields (built as the class, the
meta values read from the argument the fwd rule saved), a builtin ``max`` on a traced step in a
module that does not import jax.numpy (the fix imports it), a jvp tangent made as a dict for a
NamedTuple primal or with some of a dict primal's keys, and a fwd rule returning a helper's two
stacked rows."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jaxerr_ls.catalog import Catalog
from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.fixes import Applicability, Fix, finding_target, fixes_for
from jaxerr_ls.spans import apply_edits

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "module_fixes"
PROGRAMS = sorted(p.name for p in HERE.iterdir() if (p / "main.py").is_file())

# program -> (record code, the preferred fix's applicability)
EXPECTED = {
    "aux_factory_flag": ("grad-output-not-array", Applicability.UNSAFE),
    "aux_method_other_module": ("grad-has-aux-not-pair", Applicability.UNSAFE),
    "aux_triple_read_by_key": ("grad-has-aux-not-pair", Applicability.UNSAFE),
    "fwd_outputs_of_helper": ("custom-vjp-fwd-not-pair", Applicability.UNSAFE),
    "fwd_stacked_helper_pair": ("custom-vjp-fwd-not-pair", Applicability.UNSAFE),
    "hijax_imported_helper": ("hijax-vjp-bwd-return", Applicability.SAFE),
    "holomorphic_input_real_dtype": ("grad-holomorphic-real-input", Applicability.UNSAFE),
    "jvp_record_of_helper": ("custom-jvp-rule-not-pair", Applicability.SAFE),
    "refs_buffers_shape_of_ref": ("vjp-with-refs-aval", Applicability.SAFE),
    "refs_comprehension_like_leaf": ("vjp-with-refs-aval", Applicability.SAFE),
    "refs_dtype_from_table": ("vjp-with-refs-aval", Applicability.UNSAFE),
    "refs_loop_value_beside_param": ("vjp-with-refs-aval", Applicability.UNSAFE),
    "registry_term_unreduced": ("grad-nonscalar-output", Applicability.UNSAFE),
    "schedule_builtin_max": ("tracer-bool-conversion", Applicability.UNSAFE),
    "tangent_dict_for_namedtuple": ("jvp-tree-mismatch", Applicability.SAFE),
    "tangent_dict_missing_keys": ("jvp-tree-mismatch", Applicability.UNSAFE),
    "vjp_namedtuple_from_caller": ("custom-vjp-bwd-structure", Applicability.SAFE),
    "vjp_meta_dataclass_of_helper": ("custom-vjp-bwd-structure", Applicability.SAFE),
}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load(generated=None)


def read(path: Path) -> str | None:
    return path.read_text() if path.is_file() else None


def offered(catalog: Catalog, root: Path, logs: Path = HERE) -> tuple[str, list[Fix]]:
    """The record's code and the fixes for a copy of a program (its log in ``logs``)."""
    log = (logs / root.name / "run.log").read_text().splitlines()
    analyzer = Analyzer(catalog, root, cwd=root)
    [finding] = [f for f in analyzer.analyze_lines(log, "run.log") if f.severity == "error"]
    target = finding_target(finding)
    assert target is not None
    return target.code, fixes_for(target, read)


def edited(root: Path, fix: Fix) -> str:
    """The fix as a diff of each file it edits (paths relative to the program)."""
    import difflib

    out = []
    for path in sorted({edit.path for edit in fix.edits}):
        before = path.read_text()
        after = apply_edits(before, [e for e in fix.edits if e.path == path])
        name = path.relative_to(root).as_posix()
        out.append(
            "".join(
                difflib.unified_diff(
                    before.splitlines(keepends=True),
                    after.splitlines(keepends=True),
                    f"a/{name}",
                    f"b/{name}",
                )
            )
        )
    return "".join(out)


def test_every_program_is_expected() -> None:
    assert set(PROGRAMS) == set(EXPECTED)


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_fix_is_the_expected_source(catalog: Catalog, tmp_path: Path, name: str) -> None:
    root = tmp_path / name
    shutil.copytree(HERE / name, root, ignore=shutil.ignore_patterns("__pycache__", "run.log"))
    code, fixes = offered(catalog, root)
    assert code == EXPECTED[name][0]
    fix = next((f for f in fixes if f.preferred), fixes[0])
    assert fix.applicability == EXPECTED[name][1]
    assert edited(root, fix) == (HERE / "expected" / f"{name}.diff").read_text()


# Edits after which the code no longer proves the fix: (program, file, old, new, a fix title
# part that must not be offered).
DOUBTS = [
    # An imported helper that only computes the cotangent: returning nothing would lose it.
    ("hijax_imported_helper", "ops/grads.py", "    acc.accum(ct)\n", "", "Return nothing"),
    # Two registered costs return arrays: which one the author meant as a vector is unknown.
    (
        "registry_term_unreduced",
        "costs.py",
        "weight * jnp.sum(u**2)",
        "weight * u**2",
        "registered term",
    ),
    # A factory that never branches on its flag unpacks one way only: has_aux=True from its
    # caller would break that unpacking.
    ("aux_factory_flag", "steps.py", "        if with_aux:\n", "        if lr > 0:\n", "with_aux"),
    # The caller reads the aux by position: the extra entries are not merged into a dict.
    ("aux_triple_read_by_key", "main.py", "stats['rmse']", "stats[0]['rmse']", "dict("),
    # The primal's helper returns one stacked array where the caller unpacks two outputs:
    # how many outputs there are is in doubt.
    (
        "fwd_outputs_of_helper",
        "ops/polar.py",
        "    return r, jnp.arctan2(y, x)\n",
        "    return jnp.stack([r, jnp.arctan2(y, x)])\n",
        "Return a pair",
    ),
    # Three rows stacked: which is the output and which the residual is not said.
    (
        "fwd_stacked_helper_pair",
        "saturation.py",
        "jnp.stack([rate, d_km])",
        "jnp.stack([rate, d_km, rate])",
        "rows",
    ),
    # The probe is made from another value than the primal: its parameter's type is not the
    # primal's for sure.
    (
        "tangent_dict_for_namedtuple",
        "main.py",
        "relative_probe(COEFFS, fraction)",
        "relative_probe(COEFFS._replace(cd=1.0), fraction)",
        "NamedTuple",
    ),
    # The change is made from another dict than the primal: whose entries get zeros is not
    # the primal's for sure.
    (
        "tangent_dict_missing_keys",
        "main.py",
        "scaled_change(spec, fraction)",
        "scaled_change(SPEC, fraction)",
        "zeros",
    ),
    # The bwd rule holds no value under the argument's name: which type to build is unknown.
    (
        "vjp_namedtuple_from_caller",
        "physics/energy.py",
        "def energy(x, spring):\n    return 0.5 * spring.stiffness * (x - spring.rest) ** 2",
        "def energy(x, springs):\n    return 0.5 * springs.stiffness * (x - springs.rest) ** 2",
        "NamedTuple",
    ),
    # The fwd rule saves one field of the lens, not the lens: no value holds its meta fields.
    (
        "vjp_meta_dataclass_of_helper",
        "optics/focus.py",
        "(lens, rays)",
        "(lens.power, rays)",
        "meta fields",
    ),
    # The data fields flatten in another order than the constructor takes them: the helper's
    # pair spread positionally would swap them.
    (
        "vjp_meta_dataclass_of_helper",
        "optics/lens.py",
        'data_fields=["power", "shift"]',
        'data_fields=["shift", "power"]',
        "meta fields",
    ),
    # The parameter Ref is not made from the loop's value: nothing ties the buffer to it.
    (
        "refs_loop_value_beside_param",
        "main.py",
        "jax.new_ref(start * jnp.ones(n_channels))",
        "jax.new_ref(jnp.ones(n_channels))",
        "beside it",
    ),
    # A dtype the flow cannot follow, made by a maker outside numpy: no spelling to change and
    # no array module to write the dtype in.
    (
        "refs_dtype_from_table",
        "main.py",
        'jnp.zeros(self.n, dtype=PRECISION["accum"])',
        'jax.lax.full((self.n,), 0, PRECISION.get("accum"))',
        "float32",
    ),
]


@pytest.mark.parametrize(("name", "file", "old", "new", "title"), DOUBTS)
def test_no_fix_where_the_code_leaves_a_doubt(
    catalog: Catalog, tmp_path: Path, name: str, file: str, old: str, new: str, title: str
) -> None:
    fixes = offered_after(catalog, tmp_path / name, HERE, (file, old, new))
    assert not any(title in f.title for f in fixes)


def offered_after(
    catalog: Catalog, root: Path, logs: Path, change: tuple[str, str, str]
) -> list[Fix]:
    """The fixes for a copy of program ``root.name`` of ``logs`` in ``root`` after a change
    (file, old text, new text) of its source."""
    shutil.copytree(logs / root.name, root, ignore=shutil.ignore_patterns("__pycache__"))
    file, old, new = change
    path = root / file
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    return offered(catalog, root, logs)[1]


def test_the_instance_a_call_made_decides_between_methods_of_one_name(
    catalog: Catalog, tmp_path: Path
) -> None:
    """A second class with a ``loss`` method in the imported module: the traceback's
    ``Solver(Decay())`` proves which instance ran, so the fix still goes to ``Decay.loss``."""
    root = tmp_path / "aux_method_other_module"
    shutil.copytree(HERE / root.name, root, ignore=shutil.ignore_patterns("__pycache__"))
    models = root / "fitting" / "models.py"
    models.write_text(
        models.read_text()
        + "\n\nclass Flat:\n    def loss(self, params, t, y):\n        return jnp.sum(y), y, y\n"
    )
    code, fixes = offered(catalog, root)
    assert code == "grad-has-aux-not-pair"
    fix = next((f for f in fixes if f.preferred), fixes[0])
    assert {edit.path for edit in fix.edits} == {models}
    after = apply_edits(models.read_text(), list(fix.edits))
    assert "return sse, (resid, jnp.std(resid))" in after
    assert "return jnp.sum(y), y, y" in after


def test_a_tangent_dict_is_built_as_the_class_by_name_where_its_module_has_it(
    catalog: Catalog, tmp_path: Path
) -> None:
    root = tmp_path / "tangent_dict_for_namedtuple"
    shutil.copytree(HERE / root.name, root, ignore=shutil.ignore_patterns("__pycache__"))
    probes = root / "drag" / "probes.py"
    docstring = '"""Perturbations of model coefficients for sensitivity checks."""\n'
    probes.write_text(
        probes.read_text().replace(docstring, docstring + "\nfrom drag.model import DragCoeffs\n")
    )
    code, fixes = offered(catalog, root)
    assert code == "jvp-tree-mismatch"
    [fix] = fixes
    [edit] = fix.edits
    assert edit.new_text.startswith("DragCoeffs(**{name: scale * value")


def test_a_dtype_the_flow_cannot_follow_is_written_at_the_allocation(
    catalog: Catalog, tmp_path: Path
) -> None:
    """Where the table's entry cannot be reached (``PRECISION.get(..)``), the dtype the message
    expects is written at the allocation, in the array module it calls."""
    root = tmp_path / "refs_dtype_from_table"
    change = ("main.py", 'dtype=PRECISION["accum"]', 'dtype=PRECISION.get("accum")')
    fixes = offered_after(catalog, root, HERE, change)
    fix = next(f for f in fixes if f.preferred)
    assert [e.new_text for e in fix.edits] == ["jnp.float32"]
    text = apply_edits((root / "main.py").read_text(), list(fix.edits))
    assert "jnp.zeros(self.n, dtype=jnp.float32)" in text
