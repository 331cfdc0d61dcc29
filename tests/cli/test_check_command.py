"""`jaxerr-ls check` and `explain` as a user runs them: a real process, real logs, exit codes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"
LOGS = FIXTURES / "logs"
FOREIGN_PYTEST = LOGS / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log"
HIJAX_SCRIPT = LOGS / "jax-0.12.0.1" / "script" / "hijax_vjp_bwd_return.log"


def run(
    *args: str, stdin: bytes | None = None, cwd: Path = PROJECT
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", *args],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    return subprocess.CompletedProcess(
        result.args, result.returncode, result.stdout.decode(), result.stderr.decode()
    )


def expect_lines(path: Path) -> dict[int, str]:
    lines = path.read_text().splitlines()
    return {n: text for n, text in enumerate(lines, 1) if "jaxerr-expect:" in text}


def test_text_output_is_compiler_style_and_points_at_marked_lines() -> None:
    result = run("check", str(FOREIGN_PYTEST))
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stdout.splitlines() if ": error [" in line]
    assert len(errors) >= 10
    for line in errors:
        found = re.match(
            r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): error \[(?P<code>[\w.-]+)\] .+", line
        )
        assert found, line
        marked = expect_lines(PROJECT / found["file"])
        assert int(found["line"]) in marked, line
        expected = re.search(r"jaxerr-expect: ([\w.-]+)", marked[int(found["line"])])
        assert expected is not None
        if re.fullmatch(r"[A-Z]\w*", expected[1]):
            # No curated record: the record generated from the installed JAX's raise site.
            assert found["code"].startswith("jax-"), line
        else:
            assert found["code"] == expected[1], line
        assert int(found["col"]) >= 1


def test_culprits_are_notes_after_their_error() -> None:
    result = run("check", str(HIJAX_SCRIPT))
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert "error [hijax-vjp-bwd-return]" in lines[0]
    assert lines[1].startswith("model/hijax_ops.py:")
    assert "note [hijax-vjp-bwd-return] culprit:" in lines[1] and "vjp_bwd" in lines[1]
    number = int(lines[1].split(":")[1])
    assert "jaxerr-culprit" in (PROJECT / "model/hijax_ops.py").read_text().splitlines()[number - 1]


def test_json_output_has_the_documented_fields() -> None:
    result = run(
        "check", "--format", "json", "--root", str(PROJECT), str(FOREIGN_PYTEST), cwd=FIXTURES
    )
    assert result.returncode == 1
    findings = json.loads(result.stdout)
    keys = {
        "file",
        "line",
        "column",
        "end_line",
        "end_column",
        "severity",
        "code",
        "message",
        "exception",
        "record",
        "related",
        "source_log",
    }
    for finding in findings:
        assert keys <= set(finding)
        assert not Path(finding["file"]).is_absolute()
        assert (PROJECT / finding["file"]).is_file()
        assert finding["end_line"] >= finding["line"] >= 1
        assert finding["source_log"]["path"] == str(FOREIGN_PYTEST)
        log_line = FOREIGN_PYTEST.read_text().splitlines()[finding["source_log"]["line"] - 1]
        assert log_line.strip()
        if finding["record"] is not None:
            assert finding["record"]["code"] == finding["code"]
            assert finding["record"]["githubUrl"].startswith("https://github.com/jax-ml/jax/blob/")
            assert 0 < finding["record"]["score"] <= 1
    matched = {f["code"] for f in findings if f["record"]}
    assert {"custom-vjp-bwd-output-type", "hijax-vjp-bwd-return", "vjp-ref-grad-missing"} <= matched


def test_github_format_escapes_and_annotates() -> None:
    result = run("check", "--format", "github", str(FOREIGN_PYTEST))
    commands = result.stdout.splitlines()
    assert commands and all(c.startswith("::error ") for c in commands)
    for command in commands:
        properties, _, message = command[len("::error ") :].partition("::")
        fields = dict(item.split("=", 1) for item in properties.split(","))
        assert {"file", "line", "col", "title"} <= set(fields)
        assert (PROJECT / fields["file"]).is_file()
        assert ("\n" not in message and "%0A" in message) or "\n" not in message


def test_standard_input_is_read_with_a_dash() -> None:
    result = run("check", "-", stdin=HIJAX_SCRIPT.read_bytes())
    assert result.returncode == 1
    script = PROJECT / "scripts" / "hijax_vjp_bwd_return.py"
    [line] = expect_lines(script)
    assert result.stdout.startswith(f"scripts/hijax_vjp_bwd_return.py:{line}:")


def test_a_clean_log_exits_zero() -> None:
    clean = b"============ 12 passed in 3.1s ============\nall good\n"
    result = run("check", "-", stdin=clean)
    assert (result.returncode, result.stdout) == (0, "")


@pytest.mark.parametrize(
    "args", [("check", "/no/such/log"), ("check", "--root", "/no/such/dir", "-"), ("bogus",)]
)
def test_usage_and_io_errors_exit_two(args: tuple[str, ...]) -> None:
    result = run(*args, stdin=b"")
    assert result.returncode == 2
    assert result.stderr.strip()


def test_binary_garbage_never_crashes() -> None:
    garbage = bytes(range(256)) * 4000 + b"\x00\xff" * 100_000 + b"ValueError: \xff\xfe bad\n"
    result = run("check", "-", stdin=garbage)
    assert result.returncode in (0, 1) and "Traceback" not in result.stderr


def test_unplaced_errors_point_into_the_log(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    log.write_text(HIJAX_SCRIPT.read_text())
    # From an empty root, no frame is the user's: the error is shown at its line in the log.
    result = run("check", "--root", str(tmp_path), str(log), cwd=tmp_path)
    [line] = result.stdout.splitlines()
    name, number = line.split(":")[:2]
    assert name == str(log)
    assert "vjp_bwd should return" in log.read_text().splitlines()[int(number) - 1] or (
        "Traceback" in log.read_text().splitlines()[int(number) - 1]
    )


def test_explain_prints_the_record() -> None:
    result = run("explain", "hijax-vjp-bwd-return")
    assert result.returncode == 0
    for heading in ("What it means:", "Solutions:", "Example fix:", "Source: https://"):
        assert heading in result.stdout
    assert run("explain", "no-such-code").returncode == 2


def test_generated_records_explain_by_default_what_no_curated_one_does() -> None:
    # A shape error from jax.lax, which no curated record is about.
    log = LOGS / "jax-0.12.0.1" / "script" / "layer_shape_mismatch.log"
    plain = json.loads(run("check", "--no-generated", "--format", "json", str(log)).stdout)
    assert [f["code"] for f in plain] == ["TypeError"]
    # The set comes from the suite's shared cache (tests/conftest.py), built by whichever test
    # needs it first (this one too); tests/core/test_generated.py builds sets afresh.
    result = run("check", "--format", "json", str(log))
    [finding] = json.loads(result.stdout)
    record = finding["record"]
    # The raise site in the installed JAX, pinned to its commit.
    assert finding["code"].startswith("jax-") and record["filePath"].startswith("jax/_src/lax/")
    assert record["githubUrl"].startswith("https://github.com/jax-ml/jax/blob/")
    assert (finding["file"], finding["line"]) == (plain[0]["file"], plain[0]["line"])
