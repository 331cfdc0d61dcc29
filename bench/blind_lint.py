"""Measure ``jaxerr-ls lint`` on the blind corpus (tests/blind): programs written by someone who
had not read the code under test, each raising one record's error when run, and each with a
reference fix in ``fixed/`` that runs.

For every program whose record a lint check reports (the others are listed as out of lint's
reach), lint each of its modules (tests included) as the command line does, one module at a
time, under the JAX the program's logs were captured with first:

- **predicted**: a prediction names the program's record (or names it among ``also``);
- **placed**: such a prediction is on the line the error surfaces on, or on the program's
  culprit (or a ``culprit_also`` line), or its culprit is one of those lines;
- **other**: predictions of another record in the failing program (a second error the run
  would meet after fixing the first is possible, so these are listed, not counted as false);
- **on fixed code**: predictions in the program with its reference fix laid over it: correct
  code that runs, so each one is a false positive.

Programs of every record are linted for the last figure, whatever their record: correct code
written blind is what precision is measured on.

    .venv/bin/python bench/blind_lint.py [--out FILE] [--exclude PART ...] [PART ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from jaxerr_ls.lint import CODES, Prediction, lint_source  # noqa: E402

try:  # (the code of a commit before lint read the project's other modules measures without)
    from jaxerr_ls.lint.imports import ProjectModules, file_reader
except ImportError:
    ProjectModules = None  # type: ignore[assignment, misc]

CORPUS = REPO / "tests" / "blind"
SKIPPED_FOLDERS = {"logs", "fixed", "__pycache__"}


@dataclass
class Tally:
    programs: int = 0
    checkable: int = 0
    predicted: int = 0
    placed: int = 0
    other: int = 0
    fixed_programs: int = 0
    fixed_false: int = 0
    misses: list[str] = field(default_factory=list)
    false: list[str] = field(default_factory=list)


def _modules(program: Path) -> dict[str, Path]:
    """The program's modules by their path from its folder (the reference fix left out)."""
    found = {}
    for path in sorted(program.rglob("*.py")):
        parts = path.relative_to(program).parts
        if SKIPPED_FOLDERS.intersection(parts):
            continue
        found["/".join(parts)] = path
    return found


def _lint(
    program: Path, modules: dict[str, Path], version: str, overlay: dict[str, Path] | None = None
) -> list[tuple[str, Prediction]]:
    """Each module's predictions, with the program's folder as the project that the modules
    import each other from (the reference fix's copies read in place of the originals)."""
    by_path = {path: (overlay or {}).get(name) for name, path in modules.items()}

    def read(path: Path) -> str | None:
        swapped = by_path.get(path)
        return plain(path) if swapped is None else swapped.read_text(encoding="utf-8")

    options = {}
    if ProjectModules is not None:
        plain = file_reader(program)
        options["modules"] = ProjectModules(read, program)
    else:
        plain = lambda path: path.read_text(encoding="utf-8") if path.is_file() else None  # noqa: E731
    out = []
    for name, path in modules.items():
        source = read(path) or ""
        result = lint_source(source, path=path, jax_version=version, **options)
        out.extend((name, _relative(prediction, program)) for prediction in result.predictions)
    return out


def _relative(prediction: Prediction, program: Path) -> Prediction:
    """The prediction with its culprit's path from the program's folder."""
    culprit = prediction.culprit
    if culprit is None or not culprit.path.is_absolute():
        return prediction
    return replace(prediction, culprit=replace(culprit, path=culprit.path.relative_to(program)))


def _expected_lines(meta: dict) -> set[tuple[str, int]]:
    lines = {(meta["error_line"]["file"], meta["error_line"]["line"])}
    for place in [meta.get("culprit"), *meta.get("culprit_also", [])]:
        if place:
            lines.add((place["file"], place["line"]))
    return lines


def _describe(name: str, prediction: Prediction) -> str:
    return f"{prediction.code} at {name}:{prediction.span.line}"


def measure(only: tuple[str, ...], exclude: tuple[str, ...]) -> dict[str, Tally]:
    tallies: dict[str, Tally] = defaultdict(Tally)
    for meta_path in sorted(CORPUS.glob("f*/*/meta.json")):
        program = meta_path.parent
        where = program.relative_to(CORPUS).as_posix()
        if only and not any(part in where for part in only):
            continue
        if any(part in where for part in exclude):
            continue
        meta = json.loads(meta_path.read_text())
        record = meta["record"]
        version = meta.get("jax_versions", ["0.12.0.1"])[0]
        tally = tallies[meta_path.parent.parent.name]  # the folder is the family
        tally.programs += 1
        modules = _modules(program)
        fixed = program / "fixed"
        if fixed.is_dir():
            overlay = {
                path.relative_to(fixed).as_posix(): path
                for path in fixed.rglob("*.py")
                if "__pycache__" not in path.parts
            }
            tally.fixed_programs += 1
            on_fixed = _lint(program, modules, version, overlay)
            if on_fixed:
                tally.fixed_false += 1
                tally.false += [f"{where}: {_describe(n, p)}" for n, p in on_fixed]
        if record not in CODES:
            continue
        tally.checkable += 1
        found = _lint(program, modules, version)
        ours = [(n, p) for n, p in found if record in (p.code, *p.also)]
        lines = _expected_lines(meta)
        placed = [
            (n, p)
            for n, p in ours
            if (n, p.span.line) in lines
            or (p.culprit is not None and (p.culprit.path.as_posix(), p.culprit.line) in lines)
        ]
        tally.predicted += bool(ours)
        tally.placed += bool(placed)
        tally.other += any(record not in (p.code, *p.also) for _, p in found)
        if not ours:
            others = ", ".join(_describe(n, p) for n, p in found) or "nothing"
            tally.misses.append(f"{where} ({record}): not predicted; found {others}")
        elif not placed:
            at = ", ".join(_describe(n, p) for n, p in ours)
            tally.misses.append(f"{where} ({record}): predicted elsewhere: {at}")
    return tallies


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part // whole}%)" if whole else "-"


def report(tallies: dict[str, Tally]) -> str:
    lines = [
        "| family | programs | record checked by lint | predicted | placed | other codes "
        "| fixed programs with a finding |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    total = Tally()
    for family in sorted(tallies):
        t = tallies[family]
        lines.append(
            f"| {family} | {t.programs} | {t.checkable} | {_rate(t.predicted, t.checkable)} "
            f"| {_rate(t.placed, t.checkable)} | {t.other} "
            f"| {_rate(t.fixed_false, t.fixed_programs)} |"
        )
        for name in ("programs", "checkable", "predicted", "placed", "other"):
            setattr(total, name, getattr(total, name) + getattr(t, name))
        total.fixed_programs += t.fixed_programs
        total.fixed_false += t.fixed_false
    lines.append(
        f"| all | {total.programs} | {total.checkable} "
        f"| {_rate(total.predicted, total.checkable)} | {_rate(total.placed, total.checkable)} "
        f"| {total.other} | {_rate(total.fixed_false, total.fixed_programs)} |"
    )
    lines += ["", "Misses:", ""]
    lines += [f"- {miss}" for family in sorted(tallies) for miss in tallies[family].misses]
    lines += ["", "Findings on fixed programs (false positives):", ""]
    lines += [f"- {false}" for family in sorted(tallies) for false in tallies[family].false]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the report here too")
    parser.add_argument("--exclude", action="append", default=[], help="skip folders with this")
    parser.add_argument("only", nargs="*", help="measure only folders containing one of these")
    args = parser.parse_args()
    text = report(measure(tuple(args.only), tuple(args.exclude)))
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
