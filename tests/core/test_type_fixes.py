"""Edits of a custom rule's output chosen from the two types the message prints, made where the
culprit finder points (``jaxerr_ls.fixes.rule_types``), on programs of tests/fixtures/type_fixes
(real output in each program's run.log): a stack of matrices transposed with ``.T`` in a helper
module, a ``swapaxes`` of the wrong pair, a tangent computed channel-major, a full sum under
scalar factors in a helper of a rule registered from a class's static methods, a tangent summed
over every axis where the primal reduces one, cotangents returned out of order (a registered
dataclass first), a look-alike dataclass, a tuple for a NamedTuple primal output, a dict's
values or a tree's leaves returned flat, and a fwd rule returning its NamedTuple cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import test_module_fixes as module_fixes
from test_module_fixes import catalog as catalog  # the fixture
from test_module_fixes import edited

from jaxerr_ls.catalog import Catalog
from jaxerr_ls.fixes import Applicability, Fix

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "type_fixes"
PROGRAMS = sorted(p.name for p in HERE.iterdir() if (p / "main.py").is_file())

# program -> (record code, the preferred fix's applicability)
EXPECTED = {
    "factored_full_sum": ("custom-vjp-bwd-args-mismatch", Applicability.UNSAFE),
    "fwd_record_whole": ("custom-vjp-fwd-not-pair", Applicability.UNSAFE),
    "leaves_listed_helper": ("custom-vjp-bwd-structure", Applicability.UNSAFE),
    "lookalike_dataclass": ("custom-vjp-bwd-structure", Applicability.SAFE),
    "reordered_by_names": ("custom-vjp-bwd-structure", Applicability.SAFE),
    "stack_outer_transposed": ("custom-vjp-bwd-args-mismatch", Applicability.UNSAFE),
    "swapaxes_wrong_pair": ("custom-vjp-bwd-args-mismatch", Applicability.UNSAFE),
    "tangent_channel_major": ("custom-jvp-tangent-mismatch", Applicability.UNSAFE),
    "tangent_sum_primal_axis": ("custom-jvp-tangent-mismatch", Applicability.UNSAFE),
    "tangent_tuple_for_namedtuple": ("custom-jvp-output-structure", Applicability.SAFE),
    "values_of_built_dict": ("custom-vjp-bwd-structure", Applicability.SAFE),
}


def offered(catalog: Catalog, root: Path) -> tuple[str, list[Fix]]:
    return module_fixes.offered(catalog, root, HERE)


def copied(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    shutil.copytree(HERE / name, root, ignore=shutil.ignore_patterns("__pycache__", "run.log"))
    return root


def test_every_program_is_expected() -> None:
    assert set(PROGRAMS) == set(EXPECTED)


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_fix_is_the_expected_source(catalog: Catalog, tmp_path: Path, name: str) -> None:
    root = copied(tmp_path, name)
    code, fixes = offered(catalog, root)
    assert code == EXPECTED[name][0]
    fix = next((f for f in fixes if f.preferred), fixes[0])
    assert fix.applicability == EXPECTED[name][1]
    assert edited(root, fix) == (HERE / "expected" / f"{name}.diff").read_text()


# Edits after which the types no longer decide the edit: (program, file, old, new, a fix
# title part that must not be offered).
DOUBTS = [
    # Two cotangents named for no argument: the two leaves' order is not said.
    (
        "reordered_by_names",
        "main.py",
        "    return grad_dose, grad_weight, grad_curve",
        "    first, second = grad_dose, grad_weight\n    return first, second, grad_curve",
        "order",
    ),
    # Axes the code holds in variables: which pair it swaps is unknown.
    ("swapaxes_wrong_pair", "main.py", "ct.swapaxes(0, 1)", "ct.swapaxes(lead, 1)", "Swap"),
    # A look-alike class whose fields come in another order: the leaves would change places.
    (
        "lookalike_dataclass",
        "state.py",
        "class LinearGrads:\n    weight: jax.Array\n    bias: jax.Array",
        "class LinearGrads:\n    bias: jax.Array\n    weight: jax.Array",
        "Linear",
    ),
    # A primal reducing over two axes: which one the tangent's sum runs over is not said.
    (
        "tangent_sum_primal_axis",
        "main.py",
        "jax.nn.logsumexp(scores, axis=1)",
        "jax.nn.logsumexp(scores, axis=1) - jnp.mean(scores, axis=0)[0]",
        "axis",
    ),
    # A dict whose keys are not the argument's: its values are not that argument's leaves.
    ("values_of_built_dict", "grads.py", '"offset": jnp.sum(w)', '"bias": jnp.sum(w)', "dict"),
    # Listed leaves of a value made here, not of a tree: nothing to map over.
    (
        "leaves_listed_helper",
        "clipping.py",
        "tuple(leaf * factor for leaf in jax.tree_util.tree_leaves(tree))",
        "tuple(leaf * factor for leaf in (tree['w'], tree['b']))",
        "Map",
    ),
    # A dataclass cache cannot be unpacked: the bwd's names are not its fields.
    (
        "fwd_record_whole",
        "cache.py",
        "class BarrierCache(NamedTuple):",
        "@dataclass\nclass BarrierCache:",
        "the record itself",
    ),
]


@pytest.mark.parametrize(("name", "file", "old", "new", "title"), DOUBTS)
def test_no_fix_where_the_types_leave_a_doubt(
    catalog: Catalog, tmp_path: Path, name: str, file: str, old: str, new: str, title: str
) -> None:
    fixes = module_fixes.offered_after(catalog, tmp_path / name, HERE, (file, old, new))
    assert not any(title in f.title for f in fixes)
