"""The ``jaxerr-ls`` command line: ``check`` logs, ``explain`` a record."""

from __future__ import annotations

import argparse
import codecs
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from jaxerr_ls import __version__
from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.formats import FORMATS, render_findings
from jaxerr_ls.matching import DEFAULT_FUZZY_THRESHOLD, RecordIndex
from jaxerr_ls.records import LoadResult, Record, bundled_record_dir, load_records
from jaxerr_ls.render import record_markdown, record_text

EXIT_CLEAN, EXIT_FOUND, EXIT_USAGE = 0, 1, 2
# A log line longer than this is cut: nothing useful to show is that long, and a runaway line
# (a progress bar without newlines, a binary file) must not be held in memory whole.
MAX_LINE_CHARS = 1 << 20
_READ_SIZE = 1 << 20


def read_lines(stream: BinaryIO, max_line_chars: int = MAX_LINE_CHARS) -> Iterator[str]:
    """Decode a byte stream (UTF-8, bad bytes replaced) into lines, without their newlines.

    Only ``\\n`` ends a line: a ``\\r`` (a progress bar's redraw) stays inside it, as a terminal
    would show it. A line longer than ``max_line_chars`` is cut there and the rest of it
    skipped, so memory stays bounded by the read size whatever the input. Whole chunks are
    decoded and split at once, keeping the cost per line in C.
    """
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    carry = ""
    skipping = False
    while chunk := stream.read(_READ_SIZE):
        text = decoder.decode(chunk)
        if skipping:
            newline = text.find("\n")
            if newline < 0:
                continue
            text, skipping = text[newline + 1 :], False
        lines = (carry + text).split("\n")
        carry = lines.pop()
        yield from lines
        if len(carry) > max_line_chars:
            yield carry[:max_line_chars]
            carry, skipping = "", True
    carry += decoder.decode(b"", final=True)
    if carry and not skipping:
        yield carry[:max_line_chars]


def _load(extra: Sequence[str]) -> LoadResult:
    loaded = load_records([bundled_record_dir(), *extra])
    for problem in loaded.problems:
        print(f"jaxerr-ls: skipped record: {problem}", file=sys.stderr)
    return loaded


def _check(args: argparse.Namespace) -> int:
    root = Path(args.root).resolve()
    if not root.is_dir():
        print(f"jaxerr-ls: --root {args.root}: not a folder", file=sys.stderr)
        return EXIT_USAGE
    logs: list[str] = args.logs or (["-"] if not sys.stdin.isatty() else [])
    if not logs:
        print("jaxerr-ls check: give a log file, or '-' to read standard input", file=sys.stderr)
        return EXIT_USAGE
    index = RecordIndex(_load(args.records).records, fuzzy_threshold=args.fuzzy_threshold)
    analyzer = Analyzer(index, root, cwd=Path.cwd())
    findings: list[Finding] = []
    seen: set[tuple[object, ...]] = set()
    status = EXIT_CLEAN
    for log in logs:
        try:
            stream = sys.stdin.buffer if log == "-" else open(log, "rb")  # noqa: SIM115
        except OSError as exc:
            print(f"jaxerr-ls: {log}: {exc.strerror}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        name = "<stdin>" if log == "-" else log
        try:
            for finding in analyzer.analyze_lines(read_lines(stream), name):
                # The same error printed twice (a script's own log and pytest's report of it)
                # is one finding.
                key = (
                    finding.span,
                    finding.code,
                    finding.first_line,
                    finding.event.test_id,
                )
                if key in seen:
                    continue
                seen.add(key)
                findings.append(finding)
                if args.format == "text" or args.format == "github":
                    for line in render_findings([finding], args.format, root):
                        print(line, flush=False)
        except BrokenPipeError:
            raise
        except OSError as exc:
            print(f"jaxerr-ls: {log}: {exc.strerror}", file=sys.stderr)
            status = EXIT_USAGE
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
    if args.format == "json":
        for document in render_findings(findings, "json", root):
            print(document)
    sys.stdout.flush()
    if status == EXIT_USAGE:
        return status
    return EXIT_FOUND if findings else EXIT_CLEAN


def _find_record(records: Sequence[Record], key: str) -> Record | None:
    for record in records:
        if key in (record.code, record.id, record.slug):
            return record
    return None


def _explain(args: argparse.Namespace) -> int:
    loaded = _load(args.records)
    record = _find_record(loaded.records, args.code)
    if record is None:
        known = ", ".join(sorted(r.code for r in loaded.records))
        print(f"jaxerr-ls explain: no record {args.code!r}. Known codes: {known}", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(record_markdown(record) if args.format == "markdown" else record_text(record))
    return EXIT_CLEAN


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxerr-ls",
        description="JAX autodiff errors as located, explained diagnostics.",
    )
    parser.add_argument("--version", action="version", version=f"jaxerr-ls {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="find JAX errors in program or pytest output and place them in your code",
        description="Read the output of a failed run (files, or '-' for standard input) and "
        "print each error at its place in the project. Exit status: 0 no errors, 1 errors "
        "found, 2 usage or I/O error.",
    )
    check.add_argument("logs", nargs="*", metavar="LOG", help="log file, or '-' for stdin")
    check.add_argument("--root", default=".", help="the project's root folder (default: .)")
    check.add_argument("--format", choices=FORMATS, default="text", help="output format")
    check.add_argument(
        "--records",
        action="append",
        default=[],
        metavar="DIR",
        help="an extra folder of record files (repeatable)",
    )
    check.add_argument(
        "--fuzzy-threshold",
        type=float,
        default=DEFAULT_FUZZY_THRESHOLD,
        metavar="N",
        help="similarity (0-100) a reworded message needs to match a record "
        f"(default {DEFAULT_FUZZY_THRESHOLD:g}; above 100 turns fuzzy matching off)",
    )
    check.set_defaults(handler=_check)

    explain = commands.add_parser("explain", help="print a record: meaning, causes, fixes")
    explain.add_argument("code", help="the record's code (as in [code]), id or slug")
    explain.add_argument("--format", choices=("text", "markdown"), default="text")
    explain.add_argument("--records", action="append", default=[], metavar="DIR")
    explain.set_defaults(handler=_explain)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) and EXIT_USAGE
    try:
        result: int = args.handler(args)
    except BrokenPipeError:
        # `jaxerr-ls check log | head` closes the pipe early; that is not an error. Point
        # stdout at devnull so that the interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_CLEAN
    return result
