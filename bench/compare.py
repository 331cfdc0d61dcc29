"""(a) before and after a change, in one run: `jaxerr-ls check` of one commit against this tree.

Each round runs, one after the other, a fresh `for line in open(log)` (the baseline) and a fresh
`check --format json` of the log by each version, with the generated set and without it; the
best and the median of the rounds are printed with their ratios to the baseline's. On a shared
machine a single run says little, and alternating keeps both versions under the same load.

Both versions are run from copies (`git archive`), each with its bytecode compiled, as an
installed package has it, and (`--no-bytecode`) also without it, as a checkout run under
`PYTHONDONTWRITEBYTECODE` is: then every process compiles the package's modules first. The
copies' outputs are compared, and a difference is reported.

Each version has a cache folder of its own, holding a copy of the generated sets already built
here, and runs once before the timed rounds: so its compiled form of the generated records is
made before, and no other version or program that reads the same cache (with other curated
records, other code) makes it compile them again in the middle of the rounds.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from build_log import build, check_command, holds, read_command

from jaxerr_ls.generated import cache_dir

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def _copy(revision: str, target: Path, bytecode: bool) -> Path:
    """The package's tree at ``revision`` ("" for the working tree as committed: HEAD), with
    the records and tables that ``jaxerr_ls/data`` links to (``../data``)."""
    target.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", revision or "HEAD", "jaxerr_ls", "data"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    if bytecode:
        compileall.compile_dir(target / "jaxerr_ls", quiet=1)
    return target


def _run(command: list[str], env: dict[str, str] | None, out: Path | None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(out or os.devnull, "wb") as sink:
        subprocess.run(command, stdout=sink, stderr=subprocess.DEVNULL, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", help="the commit to compare against (e.g. e5e6fa4)")
    parser.add_argument("--after", default="", help="the other commit (default: HEAD)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--size-mb", type=float, default=50.0)
    parser.add_argument("--log", type=Path, help="an existing log (else one is built)")
    parser.add_argument("--no-bytecode", action="store_true", help="also without bytecode")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        log = args.log
        if log is None:
            log = scratch / "ci.log"
            build(log, args.size_mb)
        kinds = [True, False] if args.no_bytecode else [True]
        versions: dict[str, Path] = {}
        for name, revision in (("before", args.before), ("after", args.after)):
            for bytecode in kinds:
                label = name if bytecode else f"{name}, no bytecode"
                versions[label] = _copy(revision, scratch / label.replace(", ", "-"), bytecode)

        environments: dict[str, dict[str, str]] = {}
        for label, tree in versions.items():
            cache = scratch / f"cache-{label}".replace(", ", "-").replace(" ", "_")
            cache.mkdir()
            for built in cache_dir().glob("generated-*.json"):
                shutil.copy2(built, cache)
            environments[label] = {
                **os.environ,
                "PYTHONPATH": str(tree),
                "JAXERR_LS_CACHE_DIR": str(cache),
            }
            _run(check_command(log), environments[label], None)

        read = read_command(log)
        times: dict[str, list[tuple[float, float]]] = {"reading line by line": []}
        outputs: dict[str, Path] = {}
        for round_number in range(args.rounds):
            times["reading line by line"].append(_run(read, None, None))
            for label in versions:
                env = environments[label]
                for generated in (True, False):
                    command = check_command(log, *([] if generated else ["--no-generated"]))
                    key = label if generated else f"{label}, --no-generated"
                    out = scratch / f"{key}.json".replace(", ", "-").replace(" ", "_")
                    times.setdefault(key, []).append(
                        _run(command, env, out if round_number == 0 else None)
                    )
                    outputs[key] = out
            print(f"round {round_number + 1} of {args.rounds} done", file=sys.stderr)

        base_wall = [wall for wall, _ in times["reading line by line"]]
        base_cpu = [cpu for _, cpu in times["reading line by line"]]
        size = log.stat().st_size / 2**20
        print(f"log: {size:.1f} MiB, {args.rounds} rounds, load average {os.getloadavg()[0]:.1f}")
        print(f"the log holds {holds(log)}")
        print("| | wall best | wall median | ratio (best / median) | CPU best | CPU ratio (best) |")
        print("| --- | --- | --- | --- | --- | --- |")
        for key, measured in times.items():
            walls = [wall for wall, _ in measured]
            cpus = [cpu for _, cpu in measured]
            best, median = min(walls), statistics.median(walls)
            ratio = f"{best / min(base_wall):.1f} / {median / statistics.median(base_wall):.1f}"
            cpu_ratio = f"{min(cpus) / min(base_cpu):.1f}"
            print(
                f"| {key} | {best:.2f} s | {median:.2f} s | {ratio} | {min(cpus):.2f} s "
                f"| {cpu_ratio} |"
            )
        for key in outputs:
            if "after" in key:
                twin = outputs[key.replace("after", "before")]
                same = twin.read_bytes() == outputs[key].read_bytes()
                print(f"{key}: output {'identical to' if same else 'DIFFERS from'} before's")


if __name__ == "__main__":
    main()
