"""Run every blind program and its test under each JAX, saving the real output as logs.

Usage (from anywhere):

    /work/main/.venv/bin/python tests/blind/capture.py [SUBSTRING ...]

With substrings, only programs whose folder path contains one of them are run;
``--version=0.12.0.1`` (repeatable) runs only that JAX, keeping the others' results;
``--rematch`` runs nothing and only re-checks the saved logs against the records.
For each program folder (one holding ``meta.json``) and each JAX environment this
writes ``logs/<version>-script.log`` (the ``entry`` command), ``logs/<version>-pytest.log``
(``pytest -q``) and ``logs/<version>-pytest-short.log`` (``pytest -q --tb=short``), then
copies the program to a temporary folder, lays ``fixed/`` over it, and runs the script
and the test again there: ``meta.json`` gets ``fixed_passes`` (both exit 0; expected
in every version unless ``fixed_versions`` lists fewer, e.g. when the fix uses an API
the older JAX lacks) and
``captured`` (exit codes, whether the record's ``messagePattern`` matches the output,
and the innermost traceback frame in the program's own modules).
Programs run one at a time: the machine is shared.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORDS = HERE.parents[1] / "data" / "records"
PYTHONS = {
    "0.12.0.1": os.environ.get("BLIND_PY_012", "/work/main/.venv/bin/python"),
    "0.10.2": os.environ.get("BLIND_PY_010", "/work/main/.venv-jax0.10/bin/python"),
}
VERSIONS: list[str] = []  # --version=X (repeatable) runs only those; default all
TIMEOUT = 600
FRAME = re.compile(r'File "([^"]+)", line (\d+)')
PYTEST_E = re.compile(r"^E( +)\S", re.MULTILINE)
EXCEPTION_TYPE = re.compile(r"^(?:E +)?[\w.]*(?:Error|Exception): ", re.MULTILINE)


def run(cmd: list[str], cwd: Path) -> tuple[int, str]:
    # Plugin autoload off: the programs need plain pytest, and the two JAX
    # environments have different plugin sets installed.
    env = dict(
        os.environ,
        PYTHONDONTWRITEBYTECODE="1",
        JAX_PLATFORMS="cpu",
        PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
    )
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(
        cmd,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
    )
    return proc.returncode, proc.stdout


def commands(meta: dict, python: str) -> dict[str, list[str]]:
    entry = meta["entry"].split()
    assert entry[0] == "python", entry
    pytest = [python, "-m", "pytest", "-q", meta["test"]]
    return {
        "script": [python, *entry[1:]],
        "pytest": pytest,
        "pytest-short": [*pytest, "--tb=short"],
    }


def matches(pattern: re.Pattern[str], text: str) -> bool:
    """Whether the record's pattern matches the output, read as pytest prints it too.

    pytest prefixes each line of a multi-line message with ``E`` and an indentation
    that depends on the frame shown: the pattern is also tried on the output with each
    such prefix removed. A pattern anchored at the message's start (``^expected ...``)
    is tried on the output with the exception's type before each message removed too.
    """
    indents = {len(m.group(1)) for m in PYTEST_E.finditer(text)}
    texts = [text, *(re.sub(rf"(?m)^E {{{n}}}", "", text) for n in sorted(indents))]
    return any(
        pattern.search(candidate) or pattern.search(EXCEPTION_TYPE.sub("", candidate))
        for candidate in texts
    )


def innermost_own_frame(log: str, folder: Path) -> dict | None:
    """The last traceback frame whose file lies in the program folder (not its test)."""
    found = None
    for path, line in FRAME.findall(log):
        p = Path(path)
        if p.is_relative_to(folder) and not p.name.startswith("test_"):
            found = {"file": p.relative_to(folder).as_posix(), "line": int(line)}
    return found


def check_fixed(folder: Path, meta: dict, python: str) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory(prefix="blind-fixed-") as tmp:
        work = Path(tmp) / folder.name
        shutil.copytree(folder, work, ignore=shutil.ignore_patterns("logs", "fixed", "__pycache__"))
        for f in (folder / "fixed").rglob("*.py"):
            target = work / f.relative_to(folder / "fixed")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(f, target)
        out = []
        ok = True
        for name in ("script", "pytest"):
            rc, text = run(commands(meta, python)[name], work)
            out.append(f"$ {name} (exit {rc})\n{text}")
            ok = ok and rc == 0
        return ok, "\n".join(out)


def capture(folder: Path) -> list[str]:
    meta_path = folder / "meta.json"
    meta = json.loads(meta_path.read_text())
    record = json.loads((RECORDS / f"{meta['record']}.json").read_text())["record"]
    pattern = re.compile(record["messagePattern"], re.DOTALL | re.MULTILINE)
    logs = folder / "logs"
    logs.mkdir(exist_ok=True)
    problems = []
    captured: dict[str, dict] = meta.get("captured", {})
    fixed: dict[str, bool] = meta.get("fixed_passes", {})
    skip = meta.get("skip_versions", {})
    for version, python in PYTHONS.items():
        if version in skip or (VERSIONS and version not in VERSIONS):
            continue
        result: dict = {}
        for name, cmd in commands(meta, python).items():
            rc, text = run(cmd, folder)
            (logs / f"{version}-{name}.log").write_text(text)
            result[f"{name}_exit"] = rc
            result[f"{name}_matches_record"] = matches(pattern, text)
            if name == "script":
                result["innermost_frame"] = innermost_own_frame(text, folder)
        ok, text = check_fixed(folder, meta, python)
        (logs / f"{version}-fixed.log").write_text(text)
        fixed[version] = ok
        captured[version] = result
        expected = version in meta["jax_versions"]
        raised = result["script_matches_record"] and result["pytest_matches_record"]
        if raised != expected:
            problems.append(f"{version}: record matched={raised}, expected {expected}")
        if expected and result["innermost_frame"] != meta["error_line"]:
            problems.append(f"{version}: innermost frame {result['innermost_frame']}")
        if not ok and version in meta.get("fixed_versions", PYTHONS):
            problems.append(f"{version}: fixed version fails")
    meta["fixed_passes"] = fixed
    meta["captured"] = captured
    meta_path.write_text(json.dumps(meta, indent=2) + "\n")
    return problems


def rematch(folder: Path) -> list[str]:
    """Recompute the pattern matches of the logs already captured, without running."""
    meta_path = folder / "meta.json"
    meta = json.loads(meta_path.read_text())
    record = json.loads((RECORDS / f"{meta['record']}.json").read_text())["record"]
    pattern = re.compile(record["messagePattern"], re.DOTALL | re.MULTILINE)
    problems = []
    for version, result in meta.get("captured", {}).items():
        for name in ("script", "pytest", "pytest-short"):
            text = (folder / "logs" / f"{version}-{name}.log").read_text()
            result[f"{name}_matches_record"] = matches(pattern, text)
        raised = result["script_matches_record"] and result["pytest_matches_record"]
        if raised != (version in meta["jax_versions"]):
            problems.append(f"{version}: record matched={raised}")
    meta_path.write_text(json.dumps(meta, indent=2) + "\n")
    return problems


def main() -> int:
    wanted = sys.argv[1:]
    step = capture
    if "--rematch" in wanted:
        wanted.remove("--rematch")
        step = rematch
    for arg in [a for a in wanted if a.startswith("--version=")]:
        VERSIONS.append(arg.split("=", 1)[1])
        wanted.remove(arg)
    folders = sorted(p.parent for p in HERE.glob("*/*/meta.json"))
    if wanted:
        folders = [f for f in folders if any(w in f.as_posix() for w in wanted)]
    bad = 0
    for folder in folders:
        problems = step(folder)
        name = folder.relative_to(HERE).as_posix()
        print(f"{'OK ' if not problems else 'BAD'} {name}", *problems, sep="\n    ", flush=True)
        bad += bool(problems)
    print(f"{len(folders) - bad}/{len(folders)} programs as expected")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
