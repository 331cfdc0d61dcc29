"""The whole core on every captured run: each failure found, matched and placed by its marker.

The programs under tests/fixtures/project mark the line where each error belongs with
``# jaxerr-expect: CODE`` (``CODE jax0.10.2=OTHER jax0.4.38=THIRD`` where an older JAX raises
something else),
and the definition at fault with ``# jaxerr-culprit: ...``. The logs are their real output
(tests/fixtures/capture_jax.py), so these tests compare the analysis with the source, never with
earlier output of the analysis.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records
from jaxerr_ls.tracebacks import parse_text

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = (FIXTURES / "project").resolve()
LOGS = FIXTURES / "logs"
MANIFEST = json.loads((LOGS / "manifest.json").read_text())
MARKER_RE = re.compile(
    r"#\s*jaxerr-(?P<kind>expect|culprit|origin):\s*(?P<code>[\w.-]+)"
    r"(?P<overrides>(?:\s+jax[\d.]+=[\w.-]+)*)"
)
OVERRIDE_RE = re.compile(r"jax(?P<version>[\d.]+)=(?P<code>[\w.-]+)")
# The rule each program's error is really about; hijax's message names its class only in 0.12.
CULPRITS = {
    "custom_vjp_bwd_shape": "_clipped_relu_bwd",
    "custom_vjp3_bwd_shape": "_clipped_relu_bwd",
    "hijax_vjp_bwd_return": "vjp_bwd",
    "custom_vjp_fwd_not_pair": "_safe_log_fwd",
    "custom_jvp_tangent_mismatch": "_soft_clip_jvp",
    "custom_jvp_no_rule": "smooth_abs",
    "custom_rule_vjp_no_rule": "clipped_huber",
    "custom_rule_jvp_not_pair": "_gelu_tanh_jvp",
    "custom_rule_jvp_output_structure": "_polar_coords_jvp",
    "custom_rule_jvp_primal_mismatch": "_stable_logsumexp_jvp",
    "custom_rule_fwd_primal_mismatch": "_log_softmax_nll_fwd",
    "custom_rule_bwd_structure": "_straight_through_round_bwd",
    "hijax_prim_transpose_log": "transpose",
    "hijax_prim_no_vjp_fwd": "ScaledGelu",
    "hijax_prim_no_vjp_bwd": "LogCosh",
    "hijax_prim_no_jvp": "Mish",
    # Transform culprits: named after the function, the transform given an int, or "tangent".
    "grad_has_aux_not_pair": "loss_with_metrics",
    "grad_nonscalar": "per_example_loss",
    "concrete_int_steps": "inner_steps",
    "custom_rule_closed_over": "scale",
    "remat_static_argnums": "static_argnums",
    "ref_grad_returned": "jax.ad.GradValue()",
    "ref_with_refs_aval": "jax.new_ref(jnp.zeros((3, 1), jnp.float32))",
    # The culprit is the line the operation was traced on (its jaxerr-origin marker).
    "flow_linear_solve": "custom_linear_solve",
    # The return that reduces the complex spectrum to the loss.
    "grad_complex_loss": "return",
    "grad_while_loop": "while_loop",
    # The pure_callback of the jvp rule, which reverse mode cannot transpose.
    "callback_jvp_transpose": "pure_callback",
}
# linearize_tangent_aval gives a batch of noise samples (100, *x.shape) to the linearized
# function at once: the change is mapping it over them on the failing line, so no culprit.
# Culprits of the scripts only: their pytest twins build the value on the failing line itself
# (or differentiate a parameter), where no culprit is reported.
SCRIPT_CULPRITS = {
    "grad_holomorphic_real_input": "grad",
    "grad_int_input": "grad",
    "jac_holomorphic_real_input": "jacfwd",
    "jac_int_input": "jacfwd",
    "jvp_dtype_mismatch": "tangent",
    "jvp_shape_mismatch": "tangent",
    "reraise_from": "per_example_loss",
}
CULPRIT_VERSIONS = {
    "hijax_vjp_bwd_return": {"0.12.0.1"},
    "hijax_prim_transpose_log": {"0.12.0.1"},  # jax 0.10.2 fails on an assertion instead
    # jax 0.10.2 fails in the backward pass with cotangent-type-mismatch instead.
    "ref_grad_returned": {"0.12.0.1"},
    "ref_with_refs_aval": {"0.12.0.1"},
    "hijax_prim_structured_res": {"0.12.0.1"},  # jax 0.10.2 raises another error
}
# Script culprits on lines that a log prints (a marker would change them): name and place.
# (The program's pytest test applies jax.jacfwd on its failing line: no culprit there.)
SCRIPT_CULPRIT_PLACES = {
    "custom_rule_forward_mode": ("jacfwd", "scripts/custom_rule_forward_mode.py", 15),
    # The decorator's ``nondiff_argnums`` of the custom_vjp function the failing line calls.
    "custom_rule_nondiff_tracer": ("clip_gradient", "model/custom_rules.py", 120),
    # The fwd rule's ``return`` that makes a Ref.
    "ref_custom_vjp_residual": ("_square_norm_fwd", "model/ref_ops.py", 28),
    # The assignment that makes a second name of the parameters' Ref.
    "ref_custom_vjp_aliased": ("ema_ref", "scripts/ref_custom_vjp_aliased.py", 12),
    # The io_callback in the checkpointed block the failing line calls.
    "remat_io_callback": ("io_callback", "scripts/remat_io_callback.py", 20),
    # The ``return`` of the transpose given to linear_call.
    "transpose_linear_call_structure": (
        "apply_blur_transpose",
        "scripts/transpose_linear_call_structure.py",
        14,
    ),
    # The hijax ``vjp_fwd`` that returns structured residuals, and the class body's
    # ``vjp_fwd = vjp_from_jvp``.
    "hijax_prim_structured_res": ("vjp_fwd", "model/prims.py", 99),
    "hijax_prim_vjp_from_jvp": ("vjp_fwd", "model/prims.py", 79),
}
CULPRIT_AT_ORIGIN = {"flow_linear_solve", "grad_while_loop", "callback_jvp_transpose"}


@dataclass(frozen=True)
class Marker:
    path: Path
    line: int
    kind: str
    code: str
    overrides: tuple[tuple[str, str], ...] = ()

    def code_for(self, jax_version: str) -> str:
        return dict(self.overrides).get(jax_version, self.code)


def parse_marker(path: Path, number: int, text: str) -> Marker | None:
    match = MARKER_RE.search(text)
    if match is None:
        return None
    overrides = tuple((m["version"], m["code"]) for m in OVERRIDE_RE.finditer(match["overrides"]))
    return Marker(path, number, match["kind"], match["code"], overrides)


@cache
def markers() -> tuple[Marker, ...]:
    found = []
    for path in sorted(PROJECT.rglob("*.py")):
        for number, text in enumerate(path.read_text().splitlines(), start=1):
            marker = parse_marker(path.resolve(), number, text)
            if marker:
                found.append(marker)
    return tuple(found)


@cache
def markers_by_place() -> dict[tuple[Path, int, str], Marker]:
    """Each marker by its place (a line has one marker at most)."""
    return {(m.path, m.line, m.kind): m for m in markers()}


def marker_at(path: Path, line: int, kind: str) -> Marker | None:
    return markers_by_place().get((path.resolve(), line, kind))


def definition_line(test_id: str) -> tuple[Path, int]:
    file_part, name = test_id.split("::")
    path = (PROJECT / file_part).resolve()
    lines = path.read_text().splitlines()
    number = next(n for n, text in enumerate(lines, 1) if re.match(rf"\s*def {name}\(", text))
    return path, number


@cache
def analyzer() -> Analyzer:
    return Analyzer(RecordIndex(load_records().records), PROJECT, cwd=PROJECT)


def analyze(log: str) -> list[Finding]:
    text = (LOGS / log).read_text(encoding="utf-8", errors="replace")
    return list(analyzer().analyze_lines(text.splitlines(keepends=True), log))


def failing(run: dict[str, Any]) -> list[str]:
    """The programs or tests of a run that raised, per the run's own record of them."""
    version = run["jax"]
    table = MANIFEST["programs" if run["kind"] == "script" else "tests"][version]
    names = []
    for program in run["programs"]:
        key = Path(program).stem if run["kind"] == "script" else program
        if table.get(key, {}).get("raised"):
            names.append(key)
    return names


def program_of(test_id: str) -> str:
    return next(
        Path(script).stem
        for script, entry in MANIFEST["programs_tests"].items()
        if entry["test"] == test_id
    )


FAILING_RUNS = [run for run in MANIFEST["runs"] if run["returncode"] != 0]


def printed(run: dict[str, Any], line_start: str) -> bool:
    """Whether the run's log prints a line starting so (alone or after pytest's ``E   ``)."""
    text = (LOGS / run["log"]).read_text()
    return re.search(r"^(?:E\s+)?" + re.escape(line_start), text, re.MULTILINE) is not None


def test_the_fixture_set_covers_every_mode() -> None:
    versions = {run["jax"] for run in FAILING_RUNS}
    modes = {run["tb"] for run in FAILING_RUNS if run["kind"] == "pytest"}
    assert {"0.12.0.1", "0.10.2"} < versions
    assert any(version.startswith("0.4.") for version in versions)
    assert modes == {"auto", "long", "short", "native", "line", "no"}
    assert any("foreign" in run["log"] for run in FAILING_RUNS)
    # JAX's traceback-filtering shapes, as real output: JAX_TRACEBACK_FILTERING=remove_frames
    # chains an UnfilteredStackTrace (both current versions, scripts and pytest auto / native);
    # jax 0.4.x on Python < 3.11 chains a SimplifiedTraceback by default.
    unfiltered = {
        (run["jax"], run["kind"], run["tb"])
        for run in FAILING_RUNS
        if printed(run, "jax._src.traceback_util.UnfilteredStackTrace: ")
    }
    assert unfiltered >= {
        (version, kind, tb)
        for version in ("0.12.0.1", "0.10.2")
        for kind, tb in (("script", None), ("pytest", "auto"), ("pytest", "native"))
    }
    simplified = {
        (run["kind"], run["tb"])
        for run in FAILING_RUNS
        if printed(run, "jax.errors.SimplifiedTraceback: For simplicity, JAX has removed")
    }
    assert simplified >= {("script", None), ("pytest", "auto"), ("pytest", "native")}


def test_markers_take_several_version_overrides() -> None:
    text = "g = f(x)  # jaxerr-expect: code-a jax0.10.2=ValueError jax0.4.38=code-b"
    marker = parse_marker(PROJECT / "x.py", 1, text)
    assert marker is not None
    assert marker.code_for("0.12.0.1") == "code-a"
    assert marker.code_for("0.10.2") == "ValueError"
    assert marker.code_for("0.4.38") == "code-b"
    plain = parse_marker(PROJECT / "x.py", 1, "y  # jaxerr-culprit: TypeError")
    assert plain is not None and plain.code_for("0.10.2") == "TypeError"


def check_placement(finding: Finding, run: dict[str, Any], test_id: str | None) -> None:
    version = run["jax"]
    assert finding.span is not None, f"{finding.code} not placed"
    marker = marker_at(finding.span.path, finding.span.line, "expect")
    if marker is None and test_id is not None and run["tb"] in ("no", "line"):
        # Without frames (or with only a library frame) a test's error goes on its definition.
        assert (finding.span.path, finding.span.line) == definition_line(test_id)
        expected_code = None
    else:
        assert marker is not None, (
            f"{finding.code} placed at {finding.span.path.name}:{finding.span.line}, "
            "which has no jaxerr-expect marker"
        )
        expected_code = marker.code_for(version)
    if expected_code is not None:
        assert finding.code == expected_code


@pytest.mark.parametrize("run", FAILING_RUNS, ids=lambda run: run["log"])
def test_every_failure_is_found_matched_and_placed(run: dict[str, Any]) -> None:
    findings = analyze(run["log"])
    expected = failing(run)
    assert expected, "a failing run must name what failed"
    if run["kind"] == "script":
        [program] = expected
        [finding] = findings
        check_placement(finding, run, None)
        culprit = CULPRITS.get(program) or SCRIPT_CULPRITS.get(program)
        if program in SCRIPT_CULPRIT_PLACES and run["jax"] in CULPRIT_VERSIONS.get(
            program, {run["jax"]}
        ):
            name, path, line = SCRIPT_CULPRIT_PLACES[program]
            assert [(c.name, c.span.path, c.span.line) for c in finding.culprits] == [
                (name, (PROJECT / path).resolve(), line)
            ]
        elif culprit and run["jax"] in CULPRIT_VERSIONS.get(program, {run["jax"]}):
            assert [c.name for c in finding.culprits] == [culprit]
            place = finding.culprits[0].span
            kind = "origin" if program in CULPRIT_AT_ORIGIN else "culprit"
            assert marker_at(place.path, place.line, kind) is not None
        else:
            assert finding.culprits == []
        return
    by_test: dict[str, list[Finding]] = {}
    for finding in findings:
        assert finding.event.test_id is not None, f"no test id for {finding.first_line}"
        by_test.setdefault(finding.event.test_id, []).append(finding)
    assert sorted(by_test) == sorted(expected)
    for test_id, test_findings in by_test.items():
        assert len(test_findings) == 1, f"{test_id} reported {len(test_findings)} times"
        check_placement(test_findings[0], run, test_id)
        culprit = CULPRITS.get(program_of(test_id))
        names = [c.name for c in test_findings[0].culprits]
        if culprit and run["jax"] in CULPRIT_VERSIONS.get(program_of(test_id), {run["jax"]}):
            assert names in ([culprit], []) if run["tb"] in ("no", "line") else names == [culprit]


def _shows_project_frames_before_transformation(run: dict[str, Any]) -> bool:
    """Whether the run's JaxStackTraceBeforeTransformation block has frames in the project
    (it may show JAX's own frames only, e.g. for an operation JAX implements in Python)."""
    text = (LOGS / run["log"]).read_text()
    if "JaxStackTraceBeforeTransformation" not in text:
        return False
    for event in parse_text(text):
        for member in (event, *event.chain):
            # Paths as the run printed them: the project where it ran, not this checkout.
            if member.exc_type.endswith("JaxStackTraceBeforeTransformation") and any(
                frame.path.startswith(run["cwd"]) for frame in member.frames
            ):
                return True
    return False


TRANSFORMED_RUNS = [
    run
    for run in FAILING_RUNS
    if run["kind"] == "script" and _shows_project_frames_before_transformation(run)
]


@pytest.mark.parametrize("run", TRANSFORMED_RUNS, ids=lambda run: run["log"])
def test_the_operation_jax_transformed_is_related(run: dict[str, Any]) -> None:
    """The user frame of a JaxStackTraceBeforeTransformation block is related information."""
    text = (LOGS / run["log"]).read_text()
    printed_origins = [
        m
        for m in markers()
        if m.kind == "origin" and m.path.read_text().splitlines()[m.line - 1].strip() in text
    ]
    assert printed_origins, "the block shows a marked origin line"
    [finding] = analyze(run["log"])
    related = {(r.span.path, r.span.line) for r in finding.related}
    assert any((m.path, m.line) in related for m in printed_origins)
