"""Precision and speed of ``jaxerr-ls lint`` on real code, as ratios against ``ast.parse``.

Precision: the sources and tests of jax, flax, optax, equinox, diffrax and numpyro (their sdists
at the versions pinned below, pip-downloaded into a cache) are linted and every finding is
listed: each must be a real bug or a false positive to remove.

Speed, each against ``ast.parse`` of the same text in the same run:
- one module of 5,000 lines (and 1,000 and 20,000, to show the growth is linear), made of the
  trigger programs (tests/fixtures/lint and the fixture project's scripts and modules), each
  copy wrapped in a function of its own so that all of its definitions stay distinct;
- the same modules re-linted as the server does while they are typed (its IncrementalLinter,
  one statement edited between analyses), each time checked against linting the whole text;
- the largest real modules of the corpus that lint analyses, cold, and as they are typed (a
  space at the end of their middle line, or an empty line added after it);
- the whole of flax.

CPU time of this process is the measure (wall time is printed too, with the load average: on
a shared machine it mostly measures the other jobs).

    .venv/bin/python bench/lint.py [--cache build/lint-corpus] [--repeats 5]
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import gc
import os
import subprocess
import symtable
import sys
import tarfile
import textwrap
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from jaxerr_ls.lint import LintResult, lint_source
from jaxerr_ls.lint.checks import checks_for
from jaxerr_ls.lint.chunks import ChunkedParser, Piece, line_count
from jaxerr_ls.lint.files import python_files
from jaxerr_ls.lint.incremental import IncrementalLinter, _groups, _names

REPO = Path(__file__).resolve().parents[1]
PINNED = {
    "jax": "0.12.0.1",
    "flax": "0.12.12",
    "optax": "0.2.8",
    "equinox": "0.13.8",
    "diffrax": "0.7.2",
    "numpyro": "0.22.0",
}
TRIGGERS = [
    *sorted((REPO / "tests/fixtures/lint").glob("*.py")),
    *sorted((REPO / "tests/fixtures/project/scripts").glob("*.py")),
    *sorted((REPO / "tests/fixtures/project/model").glob("*.py")),
]


def corpus(cache: Path) -> dict[str, Path]:
    """Each pinned package's unpacked sdist, downloaded on first use."""
    cache.mkdir(parents=True, exist_ok=True)
    out = {}
    for name, version in PINNED.items():
        folder = cache / f"{name}-{version}"
        if not folder.exists():
            archive = cache / f"{name}-{version}.tar.gz"
            if not archive.exists():
                pip = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:"]
                subprocess.run([*pip, "-q", "-d", str(cache), f"{name}=={version}"], check=True)
            with tarfile.open(archive) as tar:
                tar.extractall(cache, filter="data")
        out[name] = folder
    return out


# The sizes of the one module: linear growth shows as the same ratio at each.
SIZES = (1_000, 5_000, 20_000)
# CPU time of this process: on a shared machine, wall time mostly measures the other jobs.
clock = time.process_time


def best(function: Callable[[], object], repeats: int) -> tuple[float, float]:
    """The least CPU time and the least wall time of ``repeats`` calls."""
    cpu, wall = [], []
    for _ in range(repeats):
        start, start_wall = clock(), time.perf_counter()
        function()
        cpu.append(clock() - start)
        wall.append(time.perf_counter() - start_wall)
    return min(cpu), min(wall)


def synthetic_module(lines: int) -> str:
    """About ``lines`` lines of real trigger code, each copy nested in its own function."""
    parts: list[str] = []
    count = 0
    copy = 0
    while count < lines:
        for path in TRIGGERS:
            body = textwrap.indent(path.read_text(), "    ")
            parts.append(f"def copy_{copy}_{path.stem}():\n    pass\n{body}\n")
            count += body.count("\n") + 3
            if count >= lines:
                break
        copy += 1
    return "".join(parts)


def as_you_type(versions: list[str], repeats: int) -> str:
    """The table cells of re-linting the two versions in turn, as the server does, against
    ``ast.parse`` of the edited one."""
    linter = IncrementalLinter()
    linter.lint(versions[0])
    # Each analysis is of the other version than the one before it (never a text unchanged).
    turn = iter(range(1, 10**9))

    def analyse() -> None:
        linter.lint(versions[next(turn) % 2])

    ours, ours_wall = best(analyse, repeats)
    again, total = linter.analysed
    analysed = f"{again} of {total}"
    parse, parse_wall = best(lambda s=versions[1]: ast.parse(s), repeats)
    # The predictions are those of linting the whole text, for both versions.
    same = all(_whole(v, linter.lint(v)) for v in (versions[1], versions[0], versions[1]))
    return (
        f"{analysed} | {ours * 1e3:.1f} ms | {parse * 1e3:.1f} ms | {ours / parse:.2f} "
        f"| {ours_wall * 1e3:.1f} ms | {parse_wall * 1e3:.1f} ms | {ours_wall / parse_wall:.2f} "
        f"| {'yes' if same else 'NO'} |"
    )


def _whole(source: str, result: LintResult) -> bool:
    whole = lint_source(source)
    return (result.predictions, result.expected, result.syntax_error) == (
        whole.predictions,
        whole.expected,
        whole.syntax_error,
    )


def cold_row(name: str, source: str, repeats: int) -> str:
    """The table cells of linting one module cold, against ``ast.parse`` (lint holds the
    garbage collector off: the parse alone with it off is shown too)."""
    ours, ours_wall = best(lambda: lint_source(source), repeats)
    parse, parse_wall = best(lambda: ast.parse(source), repeats)
    gc.disable()
    try:
        quiet, _ = best(lambda: ast.parse(source), repeats)
    finally:
        gc.enable()
    # What lint adds to the parse: the module model and the checks, on a parsed tree.
    tree = ast.parse(source)
    added, _ = best(lambda: lint_source(source, parse=lambda _: tree), repeats)
    return (
        f"| {name} | {ours * 1e3:.1f} ms | {parse * 1e3:.1f} ms | {ours / parse:.2f} "
        f"| {quiet * 1e3:.1f} ms ({ours / quiet:.2f}) "
        f"| {added * 1e3:.1f} ms ({added / parse:.2f}) "
        f"| {ours_wall * 1e3:.1f} ms | {parse_wall * 1e3:.1f} ms "
        f"| {ours_wall / parse_wall:.2f} |"
    )


def could_skip(text: str) -> tuple[int, int, int]:
    """Of a module that lint analyses: its lines, the lines of the groups of statements
    (``incremental``: joined by the module-level names they share) that name an API a check
    starts from or an import of one, and the lines that statements naming one reach through
    the names they read (the definitions they use, transitively), with the imports. A cold lint
    that parsed only the groups would give the same predictions; only the second is what a
    lint could skip without knowing more of the checks (an upper bound)."""
    checks = checks_for(text)
    lines = text.count("\n")
    parser = ChunkedParser()
    if not checks or parser.parse(text) is None or not parser.last:
        return lines, lines, lines
    words = {word for check in checks for word in check.needs}
    pieces = [p for p in parser.last if p.body]
    names = {p.text: _names(p.body) for p in pieces}
    groups, imports = _groups(pieces, names)
    aliases: set[str] = set()
    for piece in imports:
        if any(word in piece.text for word in words):
            aliases |= names[piece.text].binds
    count = lambda group: sum(line_count(p.text) for p in group)  # noqa: E731
    named = [
        p for p in pieces if any(w in p.text for w in words) or names[p.text].mentions & aliases
    ]
    naming = {id(p) for p in named}
    in_groups = count(imports) + sum(
        count(group) for group in groups if any(id(p) in naming for p in group)
    )
    binders: dict[str, list[Piece]] = {}
    for piece in pieces:
        for name in names[piece.text].binds:
            binders.setdefault(name, []).append(piece)
    reached: dict[int, Piece] = {}
    todo: list[Piece] = [*named, *imports]
    while todo:
        piece = todo.pop()
        if id(piece) not in reached:
            reached[id(piece)] = piece
            todo.extend(b for m in names[piece.text].mentions for b in binders.get(m, ()))
    return lines, in_groups, count(reached.values())


def largest_linted(folders: Iterable[Path], count: int) -> list[Path]:
    """The ``count`` largest modules of the folders that lint analyses (they name an API)."""
    found = []
    for path in python_files(list(folders)):
        text = path.read_text(encoding="utf-8", errors="replace")
        if checks_for(text):
            found.append((len(text), path))
    return [path for _, path in sorted(found, reverse=True)[:count]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=REPO / "build" / "lint-corpus")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--modules", type=int, default=4, help="how many of the largest real modules to edit"
    )
    parser.add_argument(
        "--also",
        type=Path,
        nargs="*",
        default=[],
        metavar="DIR",
        help="more folders to lint, e.g. checkouts of the libraries' test suites (the sdists of "
        "equinox and diffrax ship none, jax's only part of its own)",
    )
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")

    print("## One module")
    print(
        "| lines | lint CPU | ast.parse CPU | ratio | ast.parse, collector off | model + checks "
        "| lint wall | ast.parse wall | ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for lines in SIZES:
        source = synthetic_module(lines)
        print(cold_row(f"{source.count(chr(10))}", source, args.repeats))
    print(f"\nload average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")

    # The server re-lints a document after each pause in typing, with the document's
    # IncrementalLinter: one statement changed since the last analysis; the groups of
    # statements the edit cannot reach keep their predictions. Typed within a line (a name in
    # the middle of the module), or a line added there, which moves every statement below it
    # (their trees and predictions move with them). The synthetic module's copies share no
    # module-level name (each is a function of its own): the best case for the groups.
    print("\n## As you type (the server): one statement edited between analyses")
    print(
        "| lines | edit | pieces analysed | lint CPU | ast.parse CPU | ratio | lint wall "
        "| ast.parse wall | ratio | as linted whole |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    # An empty line added moves the statements below it; a statement added (``x = 1``) also
    # binds a module-level name that every function reading or binding an ``x`` shares.
    typed_as = {"in a line": "def _", "a line": "\ndef ", "a statement": "x = 1\ndef "}
    for lines, edit in ((n, e) for n in SIZES for e in typed_as):
        source = synthetic_module(lines)
        middle = source.index("\ndef ", len(source) // 2) + 1
        versions = [source, source[:middle] + typed_as[edit] + source[middle + 4 :]]
        row = as_you_type(versions, args.repeats)
        print(f"| {source.count(chr(10))} | {edit} | {row}")

    corpus_folders = corpus(args.cache)
    largest = largest_linted(corpus_folders.values(), args.modules)
    print("\n## Cold, the largest real modules that lint analyses")
    print(
        "| module | lint CPU | ast.parse CPU | ratio | ast.parse, collector off | model + checks "
        "| lint wall | ast.parse wall | ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for path in largest:
        source = path.read_text(encoding="utf-8", errors="replace")
        name = f"{os.path.relpath(path, args.cache)} ({source.count(chr(10))} lines)"
        print(cold_row(name, source, args.repeats))

    print(
        "\n## As you type, real modules: a space typed at the end of the middle line, "
        "or an empty line added after it (both most often in a function)"
    )
    print(
        "| module | lines | edit | pieces analysed | lint CPU | ast.parse CPU | ratio | lint wall "
        "| ast.parse wall | ratio | as linted whole |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for path in largest:
        source = path.read_text(encoding="utf-8", errors="replace")
        name = os.path.relpath(path, args.cache)
        for edit, typed in (("in a line", " "), ("a line", "\n")):
            lines_of = source.split("\n")
            middle = len(lines_of) // 2
            while middle < len(lines_of) - 1 and not lines_of[middle].strip():
                middle += 1
            lines_of[middle] += typed
            row = as_you_type([source, "\n".join(lines_of)], args.repeats)
            print(f"| {name} | {source.count(chr(10))} | {edit} | {row}")

    print("\n## Precision and speed on real code")
    print("| package | files | not parsed | lines | findings | lint | ast.parse | ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    findings: list[str] = []
    expected: list[str] = []
    folders = {f"{name} {PINNED[name]}": folder for name, folder in corpus_folders.items()}
    folders.update({f"{folder.parent.name}/{folder.name}": folder for folder in args.also})
    for name, folder in folders.items():
        files = list(python_files([folder]))
        texts = [(path, path.read_text(encoding="utf-8", errors="replace")) for path in files]
        found = 0
        start = clock()
        for path, text in texts:
            result = lint_source(text)
            found += len(result.predictions)
            for kept, listing in ((result.predictions, findings), (result.expected, expected)):
                for p in kept:
                    listing.append(f"{path}:{p.span.line}:{p.span.col + 1}: [{p.code}] {p.message}")
        ours = clock() - start
        start = clock()
        for _, text in texts:
            with contextlib.suppress(SyntaxError):
                ast.parse(text)
        parse = clock() - start
        lines = sum(text.count("\n") for _, text in texts)
        # Modules whose text names no API a check starts from: lint does not parse them.
        skipped = sum(not checks_for(text) for _, text in texts)
        print(
            f"| {name} | {len(files)} | {skipped} | {lines} | {found} | {ours:.2f} s "
            f"| {parse:.2f} s | {ours / parse:.2f} |"
        )
    # A cold lint that parsed only the statements that can matter would still have to cut the
    # text into statements exactly (strings, brackets, continuations) without ``ast``: the
    # standard library's cheapest exact reader, ``symtable`` (the parser without the Python
    # tree), is timed against ``ast.parse`` of the same modules.
    print("\n## What a cold lint could leave unparsed (modules lint analyses)")
    print(
        "| package | modules | lines | in groups naming an API | reached from them (bound) "
        "| symtable | ast.parse | ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, folder in folders.items():
        read = [p.read_text(encoding="utf-8", errors="replace") for p in python_files([folder])]
        modules = [text for text in read if checks_for(text)]
        shares = [could_skip(text) for text in modules]
        total, grouped, reached = (sum(column) for column in zip(*shares, strict=True))
        start = clock()
        for text in modules:
            with contextlib.suppress(SyntaxError):
                symtable.symtable(text, "<module>", "exec")
        table = clock() - start
        start = clock()
        for text in modules:
            with contextlib.suppress(SyntaxError):
                ast.parse(text)
        parse = clock() - start
        print(
            f"| {name} | {len(modules)} | {total} | {grouped / total:.0%} | {reached / total:.0%} "
            f"| {table:.2f} s | {parse:.2f} s | {table / parse:.2f} |"
        )

    print("\n## Findings")
    print("\n".join(findings) or "(none)")
    print("\n## Predictions in tests that expect an exception (not reported)")
    print("\n".join(expected) or "(none)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
