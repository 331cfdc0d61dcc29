"""Measure jaxerr-ls on the blind corpus (tests/blind): programs written by someone who had not
read the code under test, each with its captured output, the line the error surfaces on, the
line where the change belongs (the culprit, when that is elsewhere; `culprit_also` in meta.json
may name other lines its author accepts as equally right) and a reference fix.

For each program and captured output (script, pytest, pytest --tb=short) of jax 0.12.0.1 and
0.10.2 it reports whether the error is recognised (the expected record), placed (the expected
line), and its culprit found (or, for a program with none, none reported). Where a culprit is
expected, "wrong culprit" counts the outputs given culprits none of which is an expected line
(worse than none: the user is sent to another line). For the script output of jax 0.12.0.1 it
then takes the quick fix a diagnostic would offer, applies it to a copy of the program, runs
the program with real JAX and compares what it prints with what the reference fix prints.

    .venv/bin/python bench/blind.py [--no-run] [--out bench/blind-results.md]
        [--exclude FOLDER-PART ...] [FOLDER-PART ...]

With `BLIND_CACHE=<folder>` each run's result is kept there under a hash of the program's
modules and entry, so a second measurement runs only the programs whose fix changed.

Writes a table per family (Markdown) and lists every miss with its reason.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from jaxerr_ls.catalog import Catalog  # noqa: E402
from jaxerr_ls.diagnose import Analyzer, Finding  # noqa: E402
from jaxerr_ls.fixes import finding_target, fixes_for  # noqa: E402
from jaxerr_ls.spans import apply_edits  # noqa: E402

CORPUS = REPO / "tests" / "blind"
VERSIONS = ("0.12.0.1", "0.10.2")
KINDS = ("script", "pytest", "pytest-short")
RUN_TIMEOUT = 300


@dataclass
class Tally:
    outputs: int = 0
    recognised: int = 0
    placed: int = 0
    culprit_expected: int = 0
    culprit_found: int = 0
    culprit_absent_expected: int = 0
    culprit_false: int = 0
    # A culprit reported where one is expected, but none of them the expected line.
    culprit_wrong: int = 0
    fixable: int = 0
    fix_offered: int = 0
    fix_runs: int = 0
    fix_equal: int = 0
    misses: list[str] = field(default_factory=list)


def _line(place: dict[str, object] | None) -> tuple[str, int] | None:
    if not place:
        return None
    return str(place["file"]), int(place["line"])  # type: ignore[call-overload]


def _at(program: Path, finding_place: Path, line: int) -> tuple[str, int]:
    try:
        return str(finding_place.relative_to(program)), line
    except ValueError:
        return str(finding_place), line


def _main_finding(findings: list[Finding], record: str) -> Finding | None:
    errors = [f for f in findings if f.severity == "error"]
    for finding in errors:
        if finding.code == record:
            return finding
    return errors[0] if errors else None


def _run(program: Path, entry: str) -> subprocess.CompletedProcess[str]:
    """Run `entry` in `program`; with `BLIND_CACHE` set, a program whose modules and entry were
    run before (same bytes) is answered from that folder instead of being run again."""
    command = [sys.executable, *entry.split()[1:]]
    cache = os.environ.get("BLIND_CACHE")
    key = ""
    if cache:
        digest = hashlib.sha256(entry.encode())
        for module in sorted(program.rglob("*.py")):
            digest.update(module.relative_to(program).as_posix().encode() + b"\0")
            digest.update(module.read_bytes() + b"\0")
        key = digest.hexdigest()
        stored = Path(cache) / f"{key}.json"
        if stored.is_file():
            kept = json.loads(stored.read_text())
            return subprocess.CompletedProcess(
                command, kept["returncode"], kept["stdout"], kept["stderr"]
            )
    done = subprocess.run(
        command,
        cwd=program,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=False,
        env={"PATH": "/usr/bin:/bin", "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(program)},
    )
    if cache:
        Path(cache).mkdir(parents=True, exist_ok=True)
        kept = {"returncode": done.returncode, "stdout": done.stdout, "stderr": done.stderr}
        (Path(cache) / f"{key}.json").write_text(json.dumps(kept))
    return done


def _copy(program: Path, into: Path) -> Path:
    copy = into / program.name
    shutil.copytree(program, copy, ignore=shutil.ignore_patterns("logs", "fixed", "__pycache__"))
    return copy


def measure(
    run_fixes: bool, only: tuple[str, ...] = (), exclude: tuple[str, ...] = ()
) -> dict[str, Tally]:
    catalog = Catalog.load()
    tallies: dict[str, Tally] = defaultdict(Tally)
    with tempfile.TemporaryDirectory() as folder:
        for meta_path in sorted(CORPUS.glob("f*/*/meta.json")):
            where = meta_path.parent.relative_to(CORPUS).as_posix()
            if only and not any(part in where for part in only):
                continue
            if any(part in where for part in exclude):
                continue
            # The program as its user has it: without the reference fix and the logs beside it
            # (a second train.py in fixed/ would make every printed path ambiguous).
            program = _copy(meta_path.parent, Path(folder) / meta_path.parent.parent.name)
            _measure_program(meta_path, program, catalog, tallies, run_fixes)
    return tallies


def _measure_program(
    meta_path: Path,
    program: Path,
    catalog: Catalog,
    tallies: dict[str, Tally],
    run_fixes: bool,
) -> None:
    meta = json.loads(meta_path.read_text())
    # The folder is the family (a meta.json written with an empty `family` still counts).
    tally = tallies[meta_path.parent.parent.name]
    name = f"{program.parent.name}/{program.name}"
    record = meta["record"]
    expected_line = _line(meta.get("error_line"))
    expected_culprit = _line(meta.get("culprit"))
    # Other lines the program's author accepts as equally right (the assignment that gave a
    # returned value its shape as well as the `return`, say).
    accepted = {expected_culprit} | {_line(place) for place in meta.get("culprit_also") or []}
    for version in VERSIONS:
        if version not in meta.get("jax_versions", []):
            continue
        for kind in KINDS:
            log = meta_path.parent / "logs" / f"{version}-{kind}.log"
            if not log.is_file():
                continue
            tally.outputs += 1
            analyzer = Analyzer(catalog, program, cwd=program)
            findings = list(analyzer.analyze_lines(log.read_text().splitlines(), log.name))
            finding = _main_finding(findings, record)
            where = f"{name} {version} {kind}"
            if finding is None or finding.code != record:
                got = finding.code if finding else "nothing"
                tally.misses.append(f"{where}: recognised as {got}, not {record}")
                continue
            tally.recognised += 1
            if finding.span is not None and expected_line == _at(
                program, finding.span.path, finding.span.line
            ):
                tally.placed += 1
            else:
                placed = (
                    _at(program, finding.span.path, finding.span.line) if finding.span else None
                )
                tally.misses.append(f"{where}: placed at {placed}, not {expected_line}")
            culprits = [_at(program, c.span.path, c.span.line) for c in finding.culprits]
            if expected_culprit is not None:
                tally.culprit_expected += 1
                if accepted.intersection(culprits):
                    tally.culprit_found += 1
                elif culprits:
                    tally.culprit_wrong += 1
                    tally.misses.append(
                        f"{where}: wrong culprit {culprits}, not {expected_culprit}"
                    )
                else:
                    tally.misses.append(f"{where}: culprit none, not {expected_culprit}")
            else:
                tally.culprit_absent_expected += 1
                if culprits:
                    tally.culprit_false += 1
                    tally.misses.append(f"{where}: a culprit {culprits} where none is")
            if version == VERSIONS[0] and kind == "script":
                _measure_fix(program, meta, catalog, finding, tally, where, run_fixes)


def _measure_fix(
    program: Path,
    meta: dict[str, object],
    catalog: Catalog,
    finding: Finding,
    tally: Tally,
    where: str,
    run_fixes: bool,
) -> None:
    tally.fixable += 1
    target = finding_target(finding)
    record = catalog.record(str(meta["record"]))
    example = record.example_fix if record is not None else None
    offered = fixes_for(target, lambda p: p.read_text(), example) if target else []
    if not offered:
        tally.misses.append(f"{where}: no quick fix offered")
        return
    tally.fix_offered += 1
    if not run_fixes:
        return
    fix = next((f for f in offered if f.preferred), offered[0])
    with tempfile.TemporaryDirectory() as folder:
        ours = _copy(program, Path(folder) / "ours")
        for path in {edit.path for edit in fix.edits}:
            relative = path.relative_to(program)
            text = path.read_text()
            edits = [edit for edit in fix.edits if edit.path == path]
            (ours / relative).write_text(apply_edits(text, edits))
        reference = _copy(program, Path(folder) / "reference")
        # ``fixed/`` laid over the program as capture.py lays it: each module at its own path.
        fixed_dir = CORPUS / program.parent.name / program.name / "fixed"
        for fixed in fixed_dir.rglob("*.py"):
            shutil.copy(fixed, reference / fixed.relative_to(fixed_dir))
        entry = str(meta["entry"])
        mine, theirs = _run(ours, entry), _run(reference, entry)
        if mine.returncode != 0:
            last = (mine.stderr.strip().splitlines() or ["?"])[-1]
            tally.misses.append(f"{where}: fix '{fix.title}' applied, the program fails: {last}")
            return
        tally.fix_runs += 1
        if mine.stdout == theirs.stdout:
            tally.fix_equal += 1
        else:
            tally.misses.append(f"{where}: fix '{fix.title}' runs, output differs from reference")


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


def _row(name: str, t: Tally) -> str:
    return (
        f"| {name} | {t.outputs} | {_rate(t.recognised, t.outputs)} "
        f"| {_rate(t.placed, t.recognised)} | {_rate(t.culprit_found, t.culprit_expected)} "
        f"| {_rate(t.culprit_false, t.culprit_absent_expected)} "
        f"| {_rate(t.culprit_wrong, t.culprit_expected)} "
        f"| {_rate(t.fix_offered, t.fixable)} | {_rate(t.fix_runs, t.fixable)} "
        f"| {_rate(t.fix_equal, t.fixable)} |"
    )


def report(tallies: dict[str, Tally], ran_fixes: bool = True) -> str:
    lines = [
        "| family | outputs | record | line | culprit found | false culprit | wrong culprit "
        "| fix offered | fix runs | = reference |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    total = Tally()
    for family, t in sorted(tallies.items()):
        lines.append(_row(family, t))
        for name in vars(total):
            if name != "misses":
                setattr(total, name, getattr(total, name) + getattr(t, name))
        total.misses.extend(t.misses)
    lines.append(_row("**all**", total))
    if not ran_fixes:
        lines += [
            "",
            "(`--no-run`: the offered fixes were not run; the last two columns say nothing.)",
        ]
    lines += ["", "Misses:", ""] + [f"- {miss}" for miss in total.misses]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-run", action="store_true", help="do not run the fixed programs")
    parser.add_argument("--out", type=Path, help="write the report here too")
    parser.add_argument(
        "only", nargs="*", help="measure only programs whose folder contains one of these"
    )
    parser.add_argument(
        "--exclude",
        action="append",
        default=[],
        help="skip programs whose folder contains this (repeatable): the held-out batches",
    )
    args = parser.parse_args()
    tallies = measure(run_fixes=not args.no_run, only=tuple(args.only), exclude=tuple(args.exclude))
    text = report(tallies, ran_fixes=not args.no_run)
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
