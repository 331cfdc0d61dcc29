"""Whether a commit's `jaxerr-ls check` prints what this tree's does, on every log we have.

Speed work on `check` must not change what it finds. For each version (a `git archive` copy of
the package, as `compare.py` makes), one process runs `check` (JSON and text) on every fixture
log (`tests/fixtures/logs/`, with the fixture project as the root) and every log of the blind
corpus's tuning batches (`tests/blind/*/*/logs/`, each with its program's folder as the root
and working directory; the held-out batch, `b8_*`, is never opened), and, with
`--log`, on a big log (such as `build_log.py`'s); the outputs are compared byte for byte.

The catalog (the records, the generated set, the wording history) is loaded once per process
and shared by every run, as it would be by one `check` of many logs: loading it again for each
log would take most of an hour, and it is the same for every root that finds the same JAX.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
FIXTURE_LOGS = REPO / "tests" / "fixtures" / "logs"
PROJECT = REPO / "tests" / "fixtures" / "project"
BLIND = REPO / "tests" / "blind"
# Sealed batches: measured only at a session's start and end.
HELD_OUT: tuple[str, ...] = ("b32_", "b33_")


def logs(big: Path | None) -> Iterator[tuple[Path, Path]]:
    """Every (log, root) pair, in a fixed order."""
    for log in sorted(FIXTURE_LOGS.rglob("*.log")):
        yield log, PROJECT
    for family in sorted(BLIND.iterdir()):
        if not family.is_dir():
            continue
        for program in sorted(family.iterdir()):
            if program.name.startswith(HELD_OUT) or not program.is_dir():
                continue
            for log in sorted((program / "logs").glob("*.log")):
                yield log, program
    if big is not None:
        yield big, PROJECT


def _dump(out: Path, big: Path | None) -> None:
    """In the version's own process: run `check` on every log, write what it printed."""
    from jaxerr_ls import catalog, cli

    loaded: dict[tuple[object, ...], catalog.Catalog] = {}
    original = catalog.Catalog.load.__func__  # type: ignore[attr-defined]

    def shared(cls: type[catalog.Catalog], *args: object, **kwargs: object) -> catalog.Catalog:
        options = sorted((k, repr(v)) for k, v in kwargs.items() if k != "generated")
        key = (repr(args), repr(options))
        if key not in loaded:
            loaded[key] = original(cls, *args, **kwargs)
        return loaded[key]

    catalog.Catalog.load = classmethod(shared)  # type: ignore[assignment]
    printed: dict[str, str] = {}
    for log, root in logs(big):
        name = log.relative_to(REPO) if log.is_relative_to(REPO) else log
        for output_format in ("json", "text"):
            os.chdir(root)
            buffer = io.StringIO()
            command = ["check", "--root", str(root), "--format", output_format, str(log)]
            with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(io.StringIO()):
                status = cli.main(command)
            printed[f"{name} {output_format}"] = f"{status}\n{buffer.getvalue()}"
    out.write_text(json.dumps(printed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", nargs="?", help="the commit to compare with (e.g. 5370451)")
    parser.add_argument("--after", default="", help="the other commit (default: HEAD)")
    parser.add_argument("--log", type=Path, help="a big log to compare on too")
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    big = args.log.resolve() if args.log else None
    if args.dump is not None:
        _dump(args.dump, big)
        return
    if not args.before:
        parser.error("give the commit to compare with")
    from compare import _copy

    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        printed = {}
        for name, revision in (("before", args.before), ("after", args.after)):
            tree = _copy(revision, scratch / name, bytecode=False)
            out = scratch / f"{name}.json"
            command = [sys.executable, __file__, "--dump", str(out)]
            command += ["--log", str(big)] if big else []
            env = {**os.environ, "PYTHONPATH": str(tree)}
            subprocess.run(command, env=env, check=True)
            printed[name] = json.loads(out.read_text())
    before, after = printed["before"], printed["after"]
    keys = before.keys() | after.keys()
    differ = sorted(key for key in keys if before.get(key) != after.get(key))
    print(f"{len(before)} outputs ({len(before) // 2} logs, JSON and text): {len(differ)} differ")
    for key in differ[:20]:
        print(f"  differs: {key}")
    raise SystemExit(1 if differ else 0)


if __name__ == "__main__":
    main()
