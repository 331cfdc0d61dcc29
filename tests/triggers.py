"""Record triggers: the fixture project's programs that raise each curated record's error.

A trigger is a script under ``tests/fixtures/project/scripts/`` with a header line naming the
pytest test that reproduces it (``# jaxerr-test: tests/test_x.py::test_y``) and a
``# jaxerr-expect: CODE`` marker on the line where the error belongs (``CODE jax0.10.2=OTHER``
where jax 0.10.2 raises something else). A record's ``exampleFix`` is applied to a copy of the
project where its before code is (the script, or the module under ``model/`` it imports).

Also a command for writing a trigger, which runs it for real and shows what jaxerr-ls makes of
it, with each JAX version the dev set-up installs::

    .venv/bin/python -m tests.triggers SCRIPT_NAME [--no-pytest]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.fixes.example import example_edit
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import Record, load_records
from jaxerr_ls.spans import apply_edits
from tests import forkrun
from tests.e2e.support import ENVIRONMENTS, expected_codes

REPO = Path(__file__).resolve().parents[1]
PROJECT = REPO / "tests" / "fixtures" / "project"
SCRIPTS = PROJECT / "scripts"
MAIN_VERSION = "0.12.0.1"
HEADER_RE = re.compile(r"^# jaxerr-test: (?P<node>\S+)\s*$", re.MULTILINE)
# Files of the project an example fix may edit: the trigger itself and the modules it imports.
FIXABLE = ("scripts/{name}.py", "model/*.py")


@dataclass(frozen=True)
class Trigger:
    name: str
    script: Path
    node: str

    def expects(self, version: str = MAIN_VERSION) -> dict[int, str]:
        """1-based line -> the code its ``# jaxerr-expect:`` marker gives for this version."""
        return expected_codes(self.script, version)


@cache
def triggers() -> tuple[Trigger, ...]:
    out = []
    for script in sorted(SCRIPTS.glob("*.py")):
        text = script.read_text()
        header = HEADER_RE.search(text)
        node = header["node"] if header else ""
        out.append(Trigger(script.stem, script, node))
    return tuple(out)


LOGS = REPO / "tests" / "fixtures" / "logs"
MANIFEST = LOGS / "manifest.json"


@cache
def manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MANIFEST.read_text())
    return data


def captured_codes(name: str, version: str = MAIN_VERSION) -> set[str]:
    """The codes the expect marker names where the captured run of script ``name`` ended (its
    innermost project frame: the script, or a project module it calls)."""
    program = manifest()["programs"].get(version, {}).get(name, {})
    tracebacks = program.get("tracebacks") or [{}]
    frame = tracebacks[-1].get("innermost_project_frame") or {}
    return {m.split(":", 1)[1] for m in frame.get("markers", []) if m.startswith("expect:")}


def record_triggers(code: str) -> list[Trigger]:
    """The triggers whose captured run under the main JAX ended on a marker expecting ``code``."""
    return [t for t in triggers() if code in captured_codes(t.name)]


LINT_TRIGGERS = REPO / "tests" / "fixtures" / "lint"
LINT_LOGS = LOGS / "lint"
# ``# jaxerr-env: NAME=VALUE``: a variable a lint trigger runs with (JAX_TRACEBACK_FILTERING=off
# where only JAX's own frames show which record an error is).
ENV_HEADER_RE = re.compile(r"^# jaxerr-env: (?P<name>[A-Z_]+)=(?P<value>\S*)\s*$", re.MULTILINE)


def script_env(path: Path) -> dict[str, str]:
    """The variables a trigger's ``# jaxerr-env:`` headers set."""
    return {m["name"]: m["value"] for m in ENV_HEADER_RE.finditer(path.read_text())}


def lint_triggers(code: str) -> list[tuple[Path, str]]:
    """The lint triggers (tests/fixtures/lint) and JAX versions whose captured run
    (tests/fixtures/capture_lint.py) ends on a line marked for ``code`` with that error."""
    found = []
    for script in sorted(LINT_TRIGGERS.glob("*.py")):
        for version in ENVIRONMENTS:
            log = LINT_LOGS / f"jax-{version}" / f"{script.stem}.log"
            marked = expected_codes(script, version)
            if code not in marked.values() or not log.exists():
                continue
            findings = analyze(log.read_text(errors="replace"), LINT_TRIGGERS)
            if any(
                f.code == code and f.span is not None and marked.get(f.span.line) == code
                for f in findings
            ):
                found.append((script, version))
    return found


@cache
def curated() -> tuple[Record, ...]:
    loaded = load_records()
    return tuple(loaded.records)


@cache
def curated_index() -> RecordIndex:
    """One index of the curated records for every analysis: building it compiles each record's
    patterns, and it only reads them (its memo of recent matches gives the same answers)."""
    return RecordIndex(list(curated()))


def run_env(project: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("JAX_", "XLA_", "PYTEST_")) and k not in ("PYTHONPATH", "COLUMNS")
    }
    env.update(
        JAX_PLATFORMS="cpu",
        PYTHONPATH=str(project),
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONHASHSEED="0",
        COLUMNS="100",
    )
    env.update(forkrun.COMPILATION_CACHE)
    return env


def run_python(
    python: Path,
    project: Path,
    args: list[str],
    timeout: float = 300,
    env: dict[str, str] | None = None,
    *,
    forked: bool = False,
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in the project, as a user runs it there (with ``env`` added to a clean
    environment): output and errors together. ``forked``: a script (``ARGS[0]`` a ``.py``
    file) is run by a child of a process that imported JAX already (tests/forkrun.py), for
    tests that run many; what captures fixtures runs a fresh interpreter."""
    full_env = run_env(project) | (env or {})
    if forked and args and args[0].endswith(".py"):
        return forkrun.run(python, args, project, full_env, timeout)
    return subprocess.run(
        [str(python), *args],
        cwd=project,
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
        timeout=timeout,
    )


def run_script(
    python: Path, project: Path, name: str, *, forked: bool = False
) -> subprocess.CompletedProcess[str]:
    return run_python(python, project, [f"scripts/{name}.py"], forked=forked)


def run_pytest(
    python: Path, project: Path, *nodes: str, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    args = ["-m", "pytest", "-p", "no:cacheprovider", "-q", "--tb=auto", *nodes]
    return run_python(python, project, args, timeout)


class ExampleNotFound(AssertionError):
    pass


def apply_example_fix(project: Path, name: str, example_fix: str) -> Path:
    """Apply ``example_fix`` in a copy of the project to the one file holding its before code;
    the path of the file changed. ExampleNotFound when no file, or several, hold it."""
    places = []
    for pattern in FIXABLE:
        for path in sorted(project.glob(pattern.format(name=name))):
            text = path.read_text()
            found = example_edit(path, text, example_fix)
            if found is not None:
                places.append((path, text, found[0]))
    if len(places) != 1:
        where = ", ".join(str(p.relative_to(project)) for p, _, _ in places) or "no file"
        raise ExampleNotFound(f"the exampleFix's before code is in {where} (wanted exactly one)")
    path, text, edit = places[0]
    path.write_text(apply_edits(text, [edit]))
    return path


def copy_project(dest: Path) -> Path:
    shutil.copytree(PROJECT, dest, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    return dest


@cache
def example_fixed(name: str, example_fix: str) -> tuple[Path, str]:
    """The file of the project that ``example_fix`` changes for trigger ``name`` (relative to
    the project) and its text once fixed: ``apply_example_fix`` in a copy of the files it may
    edit (FIXABLE; a run needs ``copy_project``), once per session for every test that reads it."""
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for pattern in FIXABLE:
            for path in PROJECT.glob(pattern.format(name=name)):
                copy = project / path.relative_to(PROJECT)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, copy)
        changed = apply_example_fix(project, name, example_fix)
        return changed.relative_to(project), changed.read_text()


def analyze(output: str, project: Path) -> list[Finding]:
    analyzer = Analyzer(curated_index(), project, cwd=project)
    return list(analyzer.analyze_lines(output.splitlines(keepends=True), "<output>"))


def _describe(findings: list[Finding], project: Path) -> str:
    out = []
    for f in findings:
        where = "(not placed)"
        if f.span is not None:
            path = f.span.path
            shown = path.relative_to(project) if path.is_relative_to(project) else path
            where = f"{shown}:{f.span.line}"
        out.append(f"    {f.code} at {where}: {f.message[:110]}")
    return "\n".join(out) or "    (no finding)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("name", help="script name under tests/fixtures/project/scripts (no .py)")
    ap.add_argument("--no-pytest", action="store_true")
    args = ap.parse_args()
    trigger = next((t for t in triggers() if t.name == args.name), None)
    if trigger is None:
        sys.exit(f"no script {args.name}.py in {SCRIPTS}")
    if not trigger.node:
        print(f"!! {trigger.script.name} has no '# jaxerr-test: tests/...::test_...' header")
    seen: set[str] = set()
    for version, python in ENVIRONMENTS.items():
        if not python.exists():
            print(f"-- jax {version}: {python} missing (run scripts/dev-setup)")
            continue
        print(f"== jax {version}: markers in the script expect {trigger.expects(version)}")
        proc = run_script(python, PROJECT, trigger.name)
        last = proc.stdout.strip().splitlines()[-1:]
        print(f"  script exit {proc.returncode}; last line: {last}")
        found = analyze(proc.stdout, PROJECT)
        if version == MAIN_VERSION:
            seen.update(f.code for f in found)
        print(_describe(found, PROJECT))
        if trigger.node and not args.no_pytest:
            proc = run_pytest(python, PROJECT, trigger.node)
            print(f"  pytest {trigger.node} exit {proc.returncode}")
            print(_describe(analyze(proc.stdout, PROJECT), PROJECT))
    codes = set(trigger.expects().values()) | seen
    for record in curated():
        if record.code not in codes:
            continue
        if not record.example_fix:
            print(f"!! {record.code}: no exampleFix")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            project = copy_project(Path(tmp) / "project")
            try:
                changed = apply_example_fix(project, trigger.name, record.example_fix)
            except ExampleNotFound as exc:
                print(f"!! {record.code}: {exc}")
                continue
            proc = run_script(ENVIRONMENTS[MAIN_VERSION], project, trigger.name)
            verdict = "FIXED" if proc.returncode == 0 else "STILL FAILS"
            changed_name = changed.relative_to(project)
            print(f"== {record.code}: exampleFix applied to {changed_name}: {verdict}")
            if proc.returncode:
                print(proc.stdout[-1500:])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
