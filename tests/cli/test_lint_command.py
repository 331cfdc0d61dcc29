"""`jaxerr-ls lint` as a user runs it: a real process on real files, every output format, exit
codes, .gitignore, pyproject.toml configuration and suppression comments."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LINT_TRIGGERS = FIXTURES / "lint"
MODEL = FIXTURES / "project" / "model"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", "lint", *args],
        capture_output=True,
        cwd=cwd,
        timeout=120,
        check=False,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def project(tmp_path: Path) -> Path:
    """A small repository: two trigger programs, a clean module, an ignored and an excluded one."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "src").mkdir()
    shutil.copy(LINT_TRIGGERS / "grad_tuple_output.py", root / "src" / "train.py")
    shutil.copy(MODEL / "ops.py", root / "src" / "ops.py")
    (root / "src" / "clean.py").write_text("import jax\n\nf = jax.grad(lambda x: x * 2.0)\n")
    (root / "generated").mkdir()
    shutil.copy(MODEL / "ops.py", root / "generated" / "ops.py")
    (root / ".venv" / "lib").mkdir(parents=True)
    shutil.copy(MODEL / "ops.py", root / ".venv" / "lib" / "ops.py")
    (root / ".gitignore").write_text("generated/\n")
    return root


def test_text_output_and_exit_status(tmp_path: Path) -> None:
    root = project(tmp_path)
    result = run(".", cwd=root)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("src/ops.py:32:12: error [custom-vjp-fwd-not-pair] ")
    for start in (
        "src/ops.py:56:5: warning [custom-jvp-no-rule]",
        "src/train.py:17:9: error [grad-output-not-array]",
        "src/train.py:11:12: note [grad-output-not-array] culprit:",
    ):
        assert any(line.startswith(start) for line in lines), start
    # .gitignore'd and .venv files are not read
    assert not any(line.startswith(("generated/", ".venv/")) for line in lines)
    assert run("src/clean.py", cwd=root).returncode == 0


def test_json_matches_check_objects(tmp_path: Path) -> None:
    root = project(tmp_path)
    result = run("--format", "json", "src/train.py", cwd=root)
    [item] = json.loads(result.stdout)
    assert item["predicted"] is True
    assert set(item) >= {
        "file", "line", "column", "end_line", "end_column", "severity", "code", "message",
        "exception", "record", "related", "test_id", "source_log",
    }  # fmt: skip
    assert (item["file"], item["line"], item["column"]) == ("src/train.py", 17, 9)
    assert item["exception"] == "TypeError"
    assert item["record"]["code"] == "grad-output-not-array"
    assert item["related"] == [
        {"file": "src/train.py", "line": 11, "message": "culprit: return of `loss_and_accuracy`"}
    ]


def test_github_and_sarif(tmp_path: Path) -> None:
    root = project(tmp_path)
    github = run("--format", "github", "src", cwd=root).stdout.splitlines()
    assert github[0].startswith("::error file=src/ops.py,line=32,col=12,endColumn=")
    assert any(line.startswith("::warning file=src/ops.py,line=56") for line in github)
    sarif = json.loads(run("--format", "sarif", "src", cwd=root).stdout)
    assert sarif["version"] == "2.1.0"
    [sarif_run] = sarif["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    results = sarif_run["results"]
    assert len(results) == len(github)
    first = results[0]
    assert rules[first["ruleIndex"]]["id"] == first["ruleId"] == "custom-vjp-fwd-not-pair"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "src/ops.py"
    assert location["region"]["startLine"] == 32 and location["region"]["startColumn"] == 12
    assert first["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 30
    assert all(r["properties"]["predicted"] for r in results)


def test_pyproject_select_ignore_and_unknown_codes(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "pyproject.toml").write_text(
        '[project]\nname = "demo"\n\n[tool.jaxerr-ls.lint]\n'
        'ignore = [\n  "custom-jvp-no-rule",\n  "no-such-rule",\n]\ncolour = "blue"\n'
    )
    result = run("src", cwd=root)
    assert "[custom-jvp-no-rule]" not in result.stdout
    assert "[custom-vjp-fwd-not-pair]" in result.stdout
    assert "pyproject.toml:7: unknown rule code 'no-such-rule'" in result.stderr
    assert "pyproject.toml:9: unknown key 'colour'" in result.stderr
    selected = '[tool.jaxerr-ls.lint]\nselect = ["grad-output-not-array"]\n'
    (root / "pyproject.toml").write_text(selected)
    result = run("src", cwd=root)
    assert {line.split("[")[1].split("]")[0] for line in result.stdout.splitlines()} == {
        "grad-output-not-array"
    }


def test_command_line_select_and_suppressions(tmp_path: Path) -> None:
    root = project(tmp_path)
    assert run("--select", "custom-jvp-no-rule", "src/ops.py", cwd=root).stdout.count("\n") == 1
    assert run("--select", "bogus", "src", cwd=root).returncode == 2
    train = root / "src" / "train.py"
    text = train.read_text().replace(
        "# jaxerr-expect: grad-output-not-array", "# jaxerr: ignore[grad-output-not-array, nope]"
    )
    train.write_text(text)
    result = run("src/train.py", cwd=root)
    assert result.returncode == 0 and result.stdout == ""
    assert "src/train.py:17: unknown rule code 'nope'" in result.stderr


def test_bad_input(tmp_path: Path) -> None:
    root = project(tmp_path)
    assert run("missing.py", cwd=root).returncode == 2
    (root / "src" / "broken.py").write_text("def f(:\n")
    (root / "src" / "binary.py").write_bytes(b"\xff\xfe\x00bad")
    result = run("src", cwd=root)
    assert result.returncode == 1
    assert "binary.py:1: cannot read" in result.stderr


def test_the_records_of_the_projects_jax(tmp_path: Path) -> None:
    """The predictions name the records of the JAX in ./.venv (its jax/version.py), or of
    --jax-version; SARIF lists those records as rules."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    shutil.copy(LINT_TRIGGERS / "ref_with_refs_grad_value.py", root / "refs.py")
    jax = root / ".venv" / "lib" / "python3.11" / "site-packages" / "jax"
    jax.mkdir(parents=True)
    (jax / "__init__.py").write_text("")
    (jax / "version.py").write_text('_version: str = "0.10.2"\n')

    def named(*args: str) -> list[tuple[str, str]]:
        result = run("--format", "json", *args, "refs.py", cwd=root)
        assert result.returncode == 1, result.stderr
        return [(f["code"], f["record"]["code"]) for f in json.loads(result.stdout)]

    assert named() == [("cotangent-type-mismatch", "cotangent-type-mismatch")]
    assert named("--jax-version", "0.12.0.1") == [("vjp-ref-grad-returned",) * 2]
    sarif = json.loads(run("--format", "sarif", "refs.py", cwd=root).stdout)
    [result] = sarif["runs"][0]["results"]
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == "cotangent-type-mismatch"


def test_a_function_imported_from_the_project_is_checked(tmp_path: Path) -> None:
    """The fixture project's script that differentiates a loss of model/grad_checks.py gets
    its prediction, with the culprit note in the module that defines the loss, in text, JSON
    and SARIF."""
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / "project", root)
    script = "scripts/grad_loss_with_metrics.py"
    text = run(script, cwd=root)
    assert text.returncode == 1, text.stderr
    notes = [line for line in text.stdout.splitlines() if " note [grad-output-not-array]" in line]
    assert len(notes) == 1 and notes[0].startswith("model/grad_checks.py:12:"), text.stdout
    [found] = json.loads(run("--format", "json", script, cwd=root).stdout)
    assert (found["file"], found["code"]) == (script, "grad-output-not-array")
    assert [(r["file"], r["line"]) for r in found["related"]] == [("model/grad_checks.py", 12)]
    sarif = json.loads(run("--format", "sarif", script, cwd=root).stdout)
    [result] = sarif["runs"][0]["results"]
    [related] = result["relatedLocations"]
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "model/grad_checks.py"
