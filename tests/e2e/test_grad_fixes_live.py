"""Grad-family fixes against real JAX: each program of tests/fixtures/transforms that the
message-guided fixes were checked on gets its first offered fix, then runs to its end under
the JAX version whose captured output the fix was computed from."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.fixes import finding_target, fixes_for
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records
from jaxerr_ls.spans import apply_edits
from tests.e2e.support import ENVIRONMENTS, interpreter
from tests.e2e.test_fixes_live import run

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "transforms"
# The programs of tests/core/test_message_guided_fixes.py and test_fix_matrix.py.
PROGRAMS = [
    "aux_empty_flag_path",
    "aux_empty_guard_method",
    "aux_flag_inline_partial",
    "aux_nested_metrics_fn",
    "aux_nested_metrics_method",
    "aux_nested_outer_read",
    "aux_pair_loss_param",
    "aux_record_total",
    "argnums_kwargs_jit_pair",
    "bwd_dict_record_helper",
    "cotangent_dtype_cast",
    "cplx_param_conj_product",
    "cplx_param_square_module",
    "fwd_argnums_decorator",
    "fwd_argnums_fixed_loss",
    "fwd_argnums_free_wrapper",
    "fwd_argnums_grad_fn_param",
    "fwd_argnums_lambda",
    "fwd_argnums_method",
    "fwd_record_helper_whole",
    "fwd_record_inline",
    "fwd_record_named_package",
    "cotangent_dtype_onehot",
    "int_counter_parts_read",
    "jvp_unreduced_helper_module",
    "jvp_unreduced_inline",
    "int_labels_jit_default",
    "nonscalar_annotated_metric",
    "nonscalar_batch_axis_mean",
    "nonscalar_discounted_term",
    "rule_helper_bwd_axis_module",
    "rule_helper_bwd_keepdims",
    "rule_helper_bwd_package",
    "rule_helper_jvp_axis",
    "rule_helper_jvp_keepdims",
    "seed_helper_method",
    "seed_helper_module",
    "seed_helper_random",
    "tangent_keyword_size",
    "tangent_local_size",
    "tangent_namedtuple_leaf",
]


def _read(path: Path) -> str | None:
    return path.read_text() if path.is_file() else None


@pytest.mark.parametrize("version", sorted(ENVIRONMENTS))
@pytest.mark.parametrize("program", PROGRAMS)
def test_the_first_fix_makes_the_program_run(tmp_path: Path, program: str, version: str) -> None:
    python = interpreter(version)
    root = Path(shutil.copytree(CASES / program, tmp_path / program))
    log = (CASES / program / "logs" / f"{version}.log").read_text()
    analyzer = Analyzer(RecordIndex(load_records().records), root, cwd=root)
    [finding] = [f for f in analyzer.analyze_lines(log.splitlines(True)) if f.match]
    target = finding_target(finding)
    assert target is not None
    fix = fixes_for(target, _read)[0]
    for path in {edit.path for edit in fix.edits}:
        path.write_text(apply_edits(path.read_text(), [e for e in fix.edits if e.path == path]))
    done = run(python, ["-m", "main"], root)
    assert done.returncode == 0, f"{fix.title}\n{done.stderr[-2000:]}"
