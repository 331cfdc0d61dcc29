"""The ``jaxerr-ls`` command line: ``check`` logs, ``explain`` a record."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from jaxerr_ls import __version__
from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.formats import FORMATS, render_findings
from jaxerr_ls.matching import (
    DEFAULT_FUZZY_THRESHOLD,
    LayeredIndex,
    MessageMatcher,
    RecordIndex,
)
from jaxerr_ls.reading import read_lines
from jaxerr_ls.records import LoadResult, Record, bundled_record_dir, load_records
from jaxerr_ls.render import record_markdown, record_text

EXIT_CLEAN, EXIT_FOUND, EXIT_USAGE = 0, 1, 2


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
    loaded = _load(args.records)
    curated = RecordIndex(loaded.records, fuzzy_threshold=args.fuzzy_threshold)
    index: MessageMatcher = curated
    if args.generated:

        def generated_index() -> RecordIndex | None:
            from jaxerr_ls.generated import generated_set

            extra = generated_set(
                loaded.records, root, trust_interpreter=args.trust_workspace_interpreter
            )
            if extra is None:
                return None
            for problem in extra.problems:
                print(f"jaxerr-ls: skipped generated record: {problem}", file=sys.stderr)
            return RecordIndex(extra.records, fuzzy_threshold=args.fuzzy_threshold)

        # Loaded only for an error no curated record matches exactly.
        index = LayeredIndex(curated, generated_index)
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


def _serve(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        stream=sys.stderr,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    from jaxerr_ls.server import create_server
    from jaxerr_ls.server.protocol import exit_process, serve_stdio, serve_tcp

    server = create_server()
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        if not host or not port.isdigit():
            print("jaxerr-ls serve: --tcp takes HOST:PORT", file=sys.stderr)
            return EXIT_USAGE
        code = serve_tcp(server, host, int(port))
    else:
        code = serve_stdio(server)
    # The spec's exit code, without waiting for a worker thread stuck on a slow file.
    exit_process(code)
    return code


def _records_build(args: argparse.Namespace) -> int:
    from jaxerr_ls.generated import JaxNotFound, build_generated, find_jax

    explicit = Path(args.jax) if args.jax else None
    try:
        source = find_jax(Path.cwd(), explicit)
    except JaxNotFound as exc:
        print(f"jaxerr-ls records build: {exc}", file=sys.stderr)
        return EXIT_USAGE
    commit = source.git_hash[:12] if source.git_hash else "no commit recorded"
    print(
        f"jaxerr-ls: JAX {source.version} ({commit}) at {source.path} (found via "
        f"{source.found_via})",
        file=sys.stderr,
    )
    try:
        built = build_generated(
            source, force=args.force, trust_interpreter=args.trust_workspace_interpreter
        )
    except OSError as exc:
        print(f"jaxerr-ls records build: cannot write the cache: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if built.cache_hit:
        print(f"jaxerr-ls: {built.records} records, cached in {built.path}", file=sys.stderr)
    elif built.stats is not None:
        stats = built.stats
        skipped = stats.no_message + stats.not_a_class + stats.too_little_literal
        unparsable = len(stats.unparsable_files)
        unparsable_note = f", {unparsable} files unparsable" if unparsable else ""
        print(
            f"jaxerr-ls: {stats.raise_statements} raise statements in {stats.files} files "
            f"({stats.seconds:.1f} s): {built.records} records; skipped {skipped} "
            f"({stats.too_little_literal} with under 12 literal characters, "
            f"{stats.no_message} without a message, {stats.not_a_class} not raising a class"
            f"{unparsable_note}"
            f"); written to {built.path}",
            file=sys.stderr,
        )
    target = built.path
    if args.out:
        target = Path(args.out)
        try:
            target.write_bytes(built.path.read_bytes())
        except OSError as exc:
            print(f"jaxerr-ls records build: {args.out}: {exc.strerror}", file=sys.stderr)
            return EXIT_USAGE
    print(target)
    return EXIT_CLEAN


def _add_trust_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--trust-workspace-interpreter",
        action="store_true",
        help="let the project's own Python parse JAX files this one cannot (it runs that "
        "interpreter; off by default, so nothing of the project runs)",
    )


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
    check.add_argument(
        "--generated",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also recognise every other error the project's JAX can raise, from a record set "
        "generated from its source and cached per JAX version (see 'records build'); curated "
        "records come first (default: on; --no-generated uses the curated records alone)",
    )
    _add_trust_option(check)
    check.set_defaults(handler=_check)

    serve = commands.add_parser(
        "serve", help="run the language server (stdio, or TCP for debugging)"
    )
    serve.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio")
    serve.add_argument("-v", "--verbose", action="store_true", help="log more to stderr")
    serve.set_defaults(handler=_serve)

    explain = commands.add_parser("explain", help="print a record: meaning, causes, fixes")
    explain.add_argument("code", help="the record's code (as in [code]), id or slug")
    explain.add_argument("--format", choices=("text", "markdown"), default="text")
    explain.add_argument("--records", action="append", default=[], metavar="DIR")
    explain.set_defaults(handler=_explain)

    records = commands.add_parser("records", help="manage record sets")
    records_commands = records.add_subparsers(dest="records_command", required=True)
    build = records_commands.add_parser(
        "build",
        help="generate a record for every error the project's JAX can raise",
        description="Find the JAX installed for the current project (without importing it), "
        "extract every raise site with a message from its source, and cache the record set "
        "per JAX version. Prints the set's path.",
    )
    build.add_argument(
        "--jax",
        metavar="PATH",
        help="the jax package folder, the site-packages holding it, or a virtualenv "
        "(default: $VIRTUAL_ENV, ./.venv, ./venv, then this interpreter's site-packages)",
    )
    build.add_argument("--out", metavar="FILE", help="also write the set to FILE")
    build.add_argument("--force", action="store_true", help="rebuild even when cached")
    _add_trust_option(build)
    build.set_defaults(handler=_records_build)
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
