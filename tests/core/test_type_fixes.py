"""Edits of a custom rule's output chosen from the two types the message prints, made where the
culprit finder points (``jaxerr_ls.fixes.rule_types``), on programs of tests/fixtures/type_fixes
(real output in each program's run.log): a stack of matrices transposed with ``.T`` in a helper
module, a ``swapaxes`` of the wrong pair, a tangent computed channel-major, a full sum under
scalar factors in a helper of a rule registered from a class's static methods, and a tangent
summed over every axis where the primal reduces one."""

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
    "stack_outer_transposed": ("custom-vjp-bwd-args-mismatch", Applicability.UNSAFE),
    "swapaxes_wrong_pair": ("custom-vjp-bwd-args-mismatch", Applicability.UNSAFE),
    "tangent_channel_major": ("custom-jvp-tangent-mismatch", Applicability.UNSAFE),
    "tangent_sum_primal_axis": ("custom-jvp-tangent-mismatch", Applicability.UNSAFE),
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
    # Axes the code holds in variables: which pair it swaps is unknown.
    ("swapaxes_wrong_pair", "main.py", "ct.swapaxes(0, 1)", "ct.swapaxes(lead, 1)", "Swap"),
    # A primal reducing over two axes: which one the tangent's sum runs over is not said.
    (
        "tangent_sum_primal_axis",
        "main.py",
        "jax.nn.logsumexp(scores, axis=1)",
        "jax.nn.logsumexp(scores, axis=1) - jnp.mean(scores, axis=0)[0]",
        "axis",
    ),
]


@pytest.mark.parametrize(("name", "file", "old", "new", "title"), DOUBTS)
def test_no_fix_where_the_types_leave_a_doubt(
    catalog: Catalog, tmp_path: Path, name: str, file: str, old: str, new: str, title: str
) -> None:
    root = copied(tmp_path, name)
    path = root / file
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new))
    assert not any(title in f.title for f in offered(catalog, root)[1])
