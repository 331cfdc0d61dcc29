"""`jaxerr-ls explain` as a user reaches it from `check`'s output: every printed code, a
message instead of a code, a mistyped code, the help, and the hint that points to it."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jaxerr_ls.records import load_records

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"
LOGS = FIXTURES / "logs"
# Real runs: curated, generated and exception-class codes all appear in these.
CHECKED = [
    LOGS / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log",
    LOGS / "jax-0.12.0.1" / "pytest" / "tb-no-nocolor-q.log",
    LOGS / "jax-0.10.2" / "pytest" / "tb-short-nocolor-q.log",
]
GRAD_NONSCALAR = LOGS / "jax-0.12.0.1" / "script" / "grad_nonscalar.log"


def jaxerr(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", *args],
        input=stdin,
        cwd=PROJECT,
        capture_output=True,
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        result.args, result.returncode, result.stdout.decode(), result.stderr.decode()
    )


@pytest.fixture(scope="module")
def printed_codes() -> dict[str, str]:
    """Each code `check` prints for the logs, with the message it printed it for."""
    codes: dict[str, str] = {}
    for log in CHECKED:
        for finding in json.loads(jaxerr("check", "--format", "json", str(log)).stdout):
            codes.setdefault(finding["code"], finding["message"])
    return codes


def test_the_logs_print_every_kind_of_code(printed_codes: dict[str, str]) -> None:
    curated = {record.code for record in load_records().records}
    kinds = {
        "curated" if code in curated else "class" if code[0].isupper() else "generated"
        for code in printed_codes
    }
    assert kinds == {"curated", "generated", "class"}


def test_every_code_check_prints_is_explained(printed_codes: dict[str, str]) -> None:
    curated = {record.code for record in load_records().records}
    # Every code that is not curated (those need the generated set or are classes), and a
    # few curated ones: each explain is a process of its own.
    chosen = [code for code in printed_codes if code not in curated]
    chosen += sorted(code for code in printed_codes if code in curated)[:3]
    for code in chosen:
        result = jaxerr("explain", code)
        assert result.returncode == 0, (code, result.stderr)
        assert result.stdout.startswith(code), result.stdout
        if not code[0].isupper():
            assert "Error message:" in result.stdout and "Source: https://" in result.stdout


def test_a_jax_error_class_links_to_jax_documentation() -> None:
    result = jaxerr("explain", "TracerBoolConversionError")
    assert result.returncode == 0
    assert "https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError" in (
        result.stdout
    )


def test_a_mistyped_code_gets_one_line_with_the_closest_codes() -> None:
    result = jaxerr("explain", "grad-nonscalar-outptu")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    closest = lines[0].split("closest: ")[1].split(", ")
    assert closest[0] == "grad-nonscalar-output" and len(closest) <= 3


def test_an_unknown_code_with_nothing_close_is_one_short_line() -> None:
    result = jaxerr("explain", "zzzz-qqqq")
    assert result.returncode == 2
    assert result.stderr == "jaxerr-ls explain: no record 'zzzz-qqqq'\n"


def _last_error_line(log: Path) -> str:
    return next(line for line in reversed(log.read_text().splitlines()) if "Error: " in line)


def test_explain_a_message_given_as_an_argument() -> None:
    result = jaxerr("explain", _last_error_line(GRAD_NONSCALAR))
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert re.fullmatch(r"Matched by pattern, score 1\.00: grad-nonscalar-output", first)
    assert "\ngrad-nonscalar-output  (TypeError, error)\n" in result.stdout


def test_explain_a_whole_traceback_on_standard_input() -> None:
    result = jaxerr("explain", stdin=GRAD_NONSCALAR.read_bytes())
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Matched by pattern, score 1.00: grad-nonscalar-output\n")


@pytest.mark.parametrize(
    ("test", "code"),
    [
        ("test_per_example_grad", "grad-nonscalar-output"),
        ("test_loss_with_metrics", "grad-output-not-array"),
    ],
)
def test_explain_a_truncated_summary_message(test: str, code: str) -> None:
    log = LOGS / "jax-0.12.0.1" / "pytest" / "tb-no-color-v.log"
    summary = next(
        re.sub(r"\x1b\[[0-9;]*m", "", line)
        for line in log.read_text().splitlines()
        if test in line and " - " in line
    )
    message = summary.split(" - ", 1)[1]
    assert message.endswith("...")
    result = jaxerr("explain", message)
    assert result.stdout.startswith(f"Matched by prefix, score 0.85: {code}\n")


def test_explain_a_header_cut_before_its_message_and_a_message_with_words_left_out() -> None:
    """An IPython header cut before the message: its class names the record. A real log's
    exception line with words left out in the middle names its record too."""
    header = f"{'TracerBoolConversionError':42}Traceback (most recent call last)\nCell In[3]\n"
    result = jaxerr("explain", stdin=header.encode())
    assert result.stdout.startswith("Matched by class, score 0.50: tracer-bool-conversion\n")
    words = _last_error_line(GRAD_NONSCALAR).split(" ")
    elided = " ".join(words[:4]) + " ... " + " ".join(words[9:])
    result = jaxerr("explain", elided)
    assert result.stdout.startswith("Matched by elided, score 0.85: grad-nonscalar-output\n")


def test_a_message_no_record_matches() -> None:
    result = jaxerr("explain", "ValueError: the flux capacitor is not charged")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "no record matches" in result.stderr


@pytest.mark.parametrize("command", [[], ["check"], ["serve"], ["explain"], ["records"]])
def test_every_command_and_option_has_help(command: list[str]) -> None:
    result = jaxerr(*command, "--help")
    assert result.returncode == 0
    usage, description, *sections = result.stdout.split("\n\n")
    assert usage.startswith("usage: jaxerr-ls")
    assert len(description.split()) >= 8, result.stdout
    for section in sections:
        entries = re.split(r"\n(?=  \S)", section.split(":\n", 1)[1])
        for entry in entries:
            # "  -x, --name VALUE   what it does" (or the help on the following lines)
            name, _, help_text = entry.strip().partition("  ")
            assert help_text.strip() or "\n" in entry, f"{command}: {name} has no help"


def test_wrapped_bullets_continue_under_their_text() -> None:
    records = load_records().records
    record = max(records, key=lambda r: max(map(len, r.prevention_tips), default=0))
    text = jaxerr("explain", record.code).stdout
    prevention = text.split("Prevention:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    bullets = [line for line in prevention if line.startswith("  - ")]
    assert len(bullets) == len(record.prevention_tips)
    continued = [line for line in prevention if not line.startswith("  - ")]
    assert continued and all(line.startswith("    ") and line[4] != " " for line in continued)
    assert all(len(line) <= 88 for line in prevention)


def test_check_points_a_person_at_a_terminal_to_explain() -> None:
    controller, terminal = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "jaxerr_ls", "check", str(GRAD_NONSCALAR)],
            cwd=PROJECT,
            stdout=subprocess.PIPE,
            stderr=terminal,
            timeout=120,
            check=False,
        )
        os.close(terminal)
        said = os.read(controller, 4096).decode()
    finally:
        os.close(controller)
    assert result.returncode == 1
    assert "[grad-nonscalar-output]" in result.stdout.decode()
    assert said.strip() == (
        "jaxerr-ls: for what an error means and how to fix it: "
        "jaxerr-ls explain grad-nonscalar-output"
    )


def test_check_leaves_the_hint_out_of_a_pipe() -> None:
    result = jaxerr("check", str(GRAD_NONSCALAR))
    assert result.returncode == 1 and result.stderr == ""
