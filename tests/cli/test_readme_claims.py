"""What the README tells a newcomer, checked by doing what it says."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()
PROJECT = REPO / "tests" / "fixtures" / "project"
LOGS = REPO / "tests" / "fixtures" / "logs" / "jax-0.12.0.1"


def jaxerr(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def quick_start_arguments() -> list[str]:
    block = README.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    command = block.split("&& .venv-try/bin/jaxerr-ls ", 1)[1]
    return shlex.split(command)


def test_the_quick_start_prints_and_exits_as_the_readme_says() -> None:
    said = re.search(
        r"It prints (\d+) errors, .*? \((\d+) notes\),\s+and exits with status (\d)",
        README,
        re.DOTALL,
    )
    assert said is not None
    errors, notes, status = (int(group) for group in said.groups())
    result = jaxerr(*quick_start_arguments())
    assert result.returncode == status == 1, result.stderr
    lines = result.stdout.splitlines()
    assert sum(": error [" in line for line in lines) == errors
    assert sum(": note [" in line for line in lines) == notes


def test_what_the_generated_records_add_to_the_quick_start() -> None:
    """Without JAX to generate records from, jaxerr-ls runs as with `--no-generated`."""
    said = re.search(r"here one of the \d+ \(`\[(\w+)\] ([^`]+?), \.\.\.`\), which", README)
    generated = re.search(r"gets\s+`\[(jax-[\w-]+)\]`", README)
    assert said is not None and generated is not None
    without = jaxerr(*quick_start_arguments(), "--no-generated").stdout.splitlines()
    by_class = [line for line in without if re.search(r": error \[[A-Z]", line)]
    assert len(by_class) == 1
    quoted = " ".join(said[2].split())  # the README wraps its lines
    assert f"[{said[1]}] {quoted}" in by_class[0] and "(see: " not in by_class[0]
    place = by_class[0].split(": error", 1)[0]
    default = jaxerr(*quick_start_arguments()).stdout.splitlines()
    same_place = [line for line in default if line.startswith(f"{place}: error")]
    assert len(same_place) == 1 and f"[{generated[1]}]" in same_place[0]
    assert "(see: https://github.com/jax-ml/jax/blob/" in same_place[0]


def finding(log: Path, root: Path, code: str) -> dict[str, Any]:
    found = json.loads(jaxerr("check", "--format", "json", "--root", str(root), str(log)).stdout)
    return next(item for item in found if item["code"] == code)


def replace_line(path: Path, number: int, text: str) -> None:
    lines = path.read_text().splitlines()
    lines[number - 1] = text
    path.write_text("\n".join(lines) + "\n")


def test_an_edited_failing_line_moves_the_error_out_then_to_the_test_then_the_log(
    tmp_path: Path,
) -> None:
    """The README: the next frame out whose line is still there, then the test's `def`, then
    the place in the log."""
    project = tmp_path / "project"
    shutil.copytree(PROJECT, project)
    log = LOGS / "foreign" / "pytest-tb-auto.log"
    first = finding(log, project, "io-callback-jvp")
    outer = next(item for item in first["related"] if item["file"] == first["file"])
    assert outer["line"] != first["line"]
    test_file = project / first["file"]
    replace_line(test_file, first["line"], "    pass  # edited since the run")
    moved = finding(log, project, "io-callback-jvp")
    assert (moved["file"], moved["line"]) == (first["file"], outer["line"])
    replace_line(test_file, outer["line"], "    pass  # edited too")
    at_test = finding(log, project, "io-callback-jvp")
    test_name = at_test["test_id"].rsplit("::", 1)[1]
    definition = test_file.read_text().splitlines()[at_test["line"] - 1]
    assert definition.startswith(f"def {test_name}(")
    script_log = LOGS / "script" / "grad_nonscalar.log"
    script = finding(script_log, project, "grad-nonscalar-output")
    replace_line(project / script["file"], script["line"], "x = 1  # edited since the run")
    in_log = finding(script_log, project, "grad-nonscalar-output")
    assert in_log["file"] is None
    assert in_log["source_log"]["path"] == str(script_log)
