"""`jaxerr-ls` at the edges a shell user reaches: closed and full streams, bad option values,
missing paths (one line and exit 2 each, never a traceback), and where paths are printed from."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"
LOG = FIXTURES / "logs" / "jax-0.12.0.1" / "script" / "grad_nonscalar.log"
FOREIGN = FIXTURES / "logs" / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log"
JAXERR = f"{shlex.quote(sys.executable)} -m jaxerr_ls"


def shell(command: str, cwd: Path = PROJECT) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash with JAXERR standing for the command, as typed in a terminal."""
    return subprocess.run(
        ["bash", "-c", command.replace("JAXERR", JAXERR)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def one_line_usage_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("jaxerr-ls")
    return lines[0]


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("JAXERR check - <&-", "standard input is closed"),
        ("JAXERR check <&-", "standard input is closed"),
        (f"JAXERR check {LOG} >&-", "standard output is closed"),
        ("JAXERR explain grad-nonscalar-output >&-", "standard output is closed"),
        ("JAXERR explain <&-", "standard input"),
        ("JAXERR serve <&-", "standard input or output is closed"),
    ],
)
def test_closed_streams(command: str, said: str) -> None:
    assert said in one_line_usage_error(shell(command))


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("output_format", ["text", "json", "github"])
def test_a_full_disk_is_blamed_on_the_output(output_format: str) -> None:
    line = one_line_usage_error(
        shell(f"JAXERR check --format {output_format} {FOREIGN} >/dev/full")
    )
    assert "cannot write standard output" in line and "No space left" in line
    assert FOREIGN.name not in line


@pytest.mark.parametrize("value", ["-5", "nan", "-inf", "eighty"])
def test_bad_fuzzy_threshold_values_are_refused(value: str) -> None:
    line = one_line_usage_error(shell(f"JAXERR check --fuzzy-threshold={value} {LOG}"))
    assert "--fuzzy-threshold" in line and repr(value) in line


@pytest.mark.parametrize("value", ["0", "80", "101"])
def test_good_fuzzy_threshold_values_are_taken(value: str) -> None:
    result = shell(f"JAXERR check --fuzzy-threshold {value} {LOG}")
    assert result.returncode == 1, result.stderr
    assert "[grad-nonscalar-output]" in result.stdout


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (f"JAXERR check --records /nonexistent {LOG}", "--records /nonexistent"),
        ("JAXERR explain --records /nonexistent grad-nonscalar-output", "--records /nonexistent"),
        ("JAXERR check /nonexistent.log", "/nonexistent.log"),
        (f"JAXERR check --root /nonexistent {LOG}", "--root /nonexistent"),
        (f"JAXERR check --format xml {LOG}", "--format"),
        ("JAXERR frobnicate", "frobnicate"),
    ],
)
def test_missing_paths_and_bad_arguments(command: str, said: str) -> None:
    assert said in one_line_usage_error(shell(command))


def test_nothing_is_printed_for_a_missing_records_folder() -> None:
    assert shell(f"JAXERR check --records /nonexistent {LOG}").stdout == ""


# Culprits on lines the log prints (a marker there would change them): the factory call that
# hands the traced `scale` to a custom_vjp closure is also where the closure is called.
# Culprits on lines the captured logs print (a marker would change them).
UNMARKED_CULPRITS = {
    ("test_custom_rules.py", 75),
    ("test_grad_checks.py", 32),
    ("test_grad_checks.py", 39),
    ("custom_rules.py", 120),
    ("test_flow_and_remat.py", 87),
    ("test_prims_and_refs.py", 81),
}
TEXT_PLACE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):\d+: (?:error|warning|note) ")


@pytest.mark.parametrize("where", ["project", "above", "elsewhere"])
def test_paths_in_text_are_from_the_current_folder_and_json_from_the_root(
    where: str, tmp_path: Path
) -> None:
    """As the README says: text paths open from where the command ran (editors read them so),
    JSON and GitHub paths are relative to --root."""
    cwd = {"project": PROJECT, "above": FIXTURES, "elsewhere": tmp_path}[where]
    text = shell(f"JAXERR check --root {PROJECT} {FOREIGN}", cwd=cwd)
    places = [TEXT_PLACE.match(line) for line in text.stdout.splitlines()]
    assert places and all(places), text.stdout
    for place in places:
        assert place is not None
        path = Path(place["file"])
        assert path.is_absolute() == (where == "elsewhere"), place[0]
        marked = (cwd / path).read_text().splitlines()[int(place["line"]) - 1]
        if (path.name, int(place["line"])) in UNMARKED_CULPRITS:
            continue
        assert "jaxerr-" in marked, place[0]  # a jaxerr-expect or jaxerr-culprit line
    found = json.loads(shell(f"JAXERR check --format json --root {PROJECT} {FOREIGN}", cwd).stdout)
    files = [item["file"] for item in found if item["file"] is not None]
    assert files and all((PROJECT / file).is_file() and file[0] != "/" for file in files)
    github = shell(f"JAXERR check --format github --root {PROJECT} {FOREIGN}", cwd=cwd).stdout
    assert set(re.findall(r"file=([^,]+)", github)) <= set(files)
