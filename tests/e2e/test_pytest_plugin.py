"""The pytest plugin in real runs of the fixture project under real JAX, read back and analysed.

Each test copies tests/fixtures/project to a new folder, runs pytest on it in a subprocess and
reads the report the plugin wrote there; every failure must be there with its exception, and the
analysis of its event must land on the line its ``# jaxerr-expect:`` marker names.
"""

from __future__ import annotations

import builtins
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.pytest_report import PytestReport, read_report
from jaxerr_ls.records import load_records
from tests import forkrun
from tests.e2e.support import PROJECT, REPO, expected_codes, interpreter

MANIFEST = json.loads((REPO / "tests" / "fixtures" / "logs" / "manifest.json").read_text())
REPORT = Path(".jaxerr") / "pytest-report.json"


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    target = tmp_path / "project"
    shutil.copytree(PROJECT, target)
    return target.resolve()


def run_pytest(
    checkout: Path, args: list[str], version: str = "0.12.0.1", *, with_repo: bool = False
) -> subprocess.CompletedProcess[str]:
    python = interpreter(version)
    paths = [str(checkout), str(REPO)] if with_repo else [str(checkout)]
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", "/tmp"),
        "JAX_PLATFORMS": "cpu",
        "PYTHONPATH": os.pathsep.join(paths),
        "PYTHONDONTWRITEBYTECODE": "1",
        **forkrun.COMPILATION_CACHE,
    }
    command = ["-m", "pytest", "-p", "no:cacheprovider", "-q", "--tb=short", *args]
    # A child of a process that imported JAX already (tests/forkrun.py), as a fresh one runs it.
    result = forkrun.run(python, command, checkout, env, timeout=900, separate=True)
    # Exit status 1 is "tests failed"; anything else (usage error, a plugin registered twice,
    # an internal error) means the run itself went wrong.
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    assert "already registered" not in result.stdout + result.stderr
    return result


# A run of these modules alone holds failures and both passing tests of the fixture project, at
# a quarter of the whole project's cost: the runs that test how the plugin is enabled use them,
# and the whole project runs where the report of every failure is what is tested, once per JAX
# version (under xdist with 0.12.0.1, which also reads each failure in its worker; alone with
# 0.10.2).
SOME = ("tests/test_ops.py", "tests/test_training.py")


def _in(test: str, files: tuple[str, ...] | None) -> bool:
    return files is None or test.split("::")[0] in files


def failing_tests(version: str, files: tuple[str, ...] | None = None) -> set[str]:
    return {
        test
        for test, entry in MANIFEST["tests"][version].items()
        if entry["raised"] and _in(test, files)
    }


def skipped_tests(version: str, files: tuple[str, ...] | None = None) -> set[str]:
    """The tests of programs this JAX version cannot run (they skip themselves there)."""
    skipped = MANIFEST["skipped"].get(version, {})
    return {
        entry["test"]
        for script, entry in MANIFEST["programs_tests"].items()
        if script in skipped and _in(entry["test"], files)
    }


def check_report(
    report: PytestReport | None,
    checkout: Path,
    version: str,
    files: tuple[str, ...] | None = None,
) -> None:
    """Every failing test (of FILES, else of the project) is reported with its exception, and
    its analysis lands on its marker."""
    assert report is not None, "no report written"
    assert Path(report.rootdir) == checkout
    expected = failing_tests(version, files)
    passing = [test for test in MANIFEST["passing_tests"] if _in(test, files)]
    collected = len(expected) + len(passing) + len(skipped_tests(version, files))
    assert report.collected == collected
    assert (report.failed, report.passed, report.exitstatus) == (len(expected), len(passing), 1)
    assert sorted(f.test_id for f in report.failures) == sorted(expected)
    analyzer = Analyzer(RecordIndex(load_records().records), checkout)
    for failure in report.failures:
        event = failure.event
        assert failure.when == "call"
        assert event.log_line == 0
        assert event.test_id == failure.test_id
        printed = MANIFEST["tests"][version][failure.test_id]["exception"]
        if hasattr(builtins, printed):
            assert event.exc_type == printed
        else:
            assert event.exc_type.startswith("jax.") and event.exc_type.endswith(f".{printed}")
        assert "For simplicity" not in event.message, "JAX's note is not part of the message"
        inside = [f for f in event.all_frames() if Path(f.path).is_relative_to(checkout)]
        assert inside, f"{failure.test_id}: no frame in the checkout"
        finding = analyzer.analyze_event(event)
        assert finding.span is not None, f"{failure.test_id} not placed"
        codes = expected_codes(finding.span.path, version)
        where = f"{failure.test_id} placed at {finding.span.path}:{finding.span.line}"
        assert finding.span.line in codes, f"{where}, which has no jaxerr-expect marker"
        assert finding.code == codes[finding.span.line], where


def test_without_enabling_it_the_plugin_writes_nothing(checkout: Path) -> None:
    result = run_pytest(checkout, ["-k", "test_lr_schedule_grad", "tests"])
    assert result.returncode == 1
    assert not (checkout / ".jaxerr").exists()


@pytest.mark.parametrize("enable", ["-p", "--jaxerr", "ini"])
def test_each_way_of_enabling_it_reports_every_failure(checkout: Path, enable: str) -> None:
    # The whole project runs with -p under xdist and under jax 0.10 (below); here the modules
    # SOME.
    if enable == "ini":
        ini = checkout / "pytest.ini"
        ini.write_text(ini.read_text() + "jaxerr = true\n")
        args = list(SOME)
    else:
        args = [*(["-p", "jaxerr_ls.pytest_plugin"] if enable == "-p" else ["--jaxerr"]), *SOME]
    run_pytest(checkout, args)
    check_report(read_report(checkout / REPORT), checkout, "0.12.0.1", SOME)
    # The folder is output, ignored by git like .pytest_cache, and no temporary file remains.
    assert sorted(p.name for p in (checkout / ".jaxerr").iterdir()) == [
        ".gitignore",
        "pytest-report.json",
    ]


def test_a_passing_run_replaces_the_report_with_one_without_failures(checkout: Path) -> None:
    run_pytest(checkout, ["--jaxerr", "-k", "test_lr_schedule_grad", "tests"])
    before = read_report(checkout / REPORT)
    assert before is not None and before.failures
    run_pytest(checkout, ["--jaxerr", "-k", "test_mse_decreases", "tests"])
    report = read_report(checkout / REPORT)
    assert report is not None
    assert (report.exitstatus, report.collected, report.passed, report.failed) == (0, 1, 1, 0)
    assert report.failures == []
    assert report.started >= before.finished


def test_a_report_path_can_be_given(checkout: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "report.json"
    args = ["--jaxerr", "--jaxerr-report", str(target), "-k", "test_lr_schedule_grad", "tests"]
    run_pytest(checkout, args)
    report = read_report(target)
    assert report is not None
    assert [f.test_id for f in report.failures] == ["tests/test_training.py::test_lr_schedule_grad"]
    assert not (checkout / ".jaxerr").exists()


def test_with_xdist_the_controller_writes_the_workers_failures(checkout: Path) -> None:
    # -p reaches the workers as part of the invocation's arguments, as --jaxerr does.
    result = run_pytest(checkout, ["-n", "2", "-p", "jaxerr_ls.pytest_plugin", "tests"])
    assert "bringing up nodes" in result.stdout, "xdist did not distribute the run"
    report = read_report(checkout / REPORT)
    check_report(report, checkout, "0.12.0.1")
    assert report is not None
    # The data came from the workers, not from the text pytest keeps when it has none.
    assert all(f.event.frames and f.event.exc_type != "Failed" for f in report.failures)


def test_under_jax_0_10_the_plugin_loads_from_the_repository_with_p(checkout: Path) -> None:
    python = interpreter("0.10.2")
    probe = subprocess.run(
        [str(python), "-c", "import jaxerr_ls"],
        capture_output=True,
        check=False,
        cwd="/",
        env={"PATH": os.environ.get("PATH", "")},
    )
    assert probe.returncode != 0, "jaxerr-ls is installed there; this test needs it not to be"
    run_pytest(checkout, ["-p", "jaxerr_ls.pytest_plugin", "tests"], "0.10.2", with_repo=True)
    check_report(read_report(checkout / REPORT), checkout, "0.10.2")
