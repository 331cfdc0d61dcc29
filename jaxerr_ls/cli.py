"""The ``jaxerr-ls`` command line: ``check`` logs, ``explain`` a record."""

from __future__ import annotations

import argparse
import contextlib
import difflib
import gc
import logging
import math
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from jaxerr_ls import __version__
from jaxerr_ls.catalog import Catalog, generated_for_root
from jaxerr_ls.explaining import CLASS_NAME_RE, MAX_EXPLAIN_INPUT, explain_text
from jaxerr_ls.formats import FORMATS, LINT_FORMATS, render_findings
from jaxerr_ls.matching import DEFAULT_FUZZY_THRESHOLD
from jaxerr_ls.records import Record, RecordProblem
from jaxerr_ls.render import record_markdown, record_text

if TYPE_CHECKING:
    from jaxerr_ls.diagnose import Finding
    from jaxerr_ls.server.early import EarlyStart

log = logging.getLogger(__name__)
EXIT_CLEAN, EXIT_FOUND, EXIT_USAGE = 0, 1, 2
# ``check`` collects cycles itself, once per this many errors analyzed (see ``_check``).
COLLECT_EVERY_ERRORS = 2048


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed descriptor): the fault is
    the output's, never the input's."""


@contextlib.contextmanager
def _writing_output() -> Iterator[None]:
    """Tell a failure to write standard output apart from a failure to read an input."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(exc.strerror or str(exc)) from exc


def _out(line: str) -> None:
    with _writing_output():
        print(line, flush=False)


def _missing_records(paths: Sequence[str]) -> bool:
    """Say so (and return True) when a ``--records`` path does not exist."""
    for path in paths:
        if not os.path.exists(path):
            print(f"jaxerr-ls: --records {path}: no such file or folder", file=sys.stderr)
            return True
    return False


def _report_problems(problems: Sequence[RecordProblem], kind: str = "") -> None:
    for problem in problems:
        print(f"jaxerr-ls: skipped {kind}record: {problem}", file=sys.stderr)


def _check(args: argparse.Namespace) -> int:
    # Nearly everything a check builds lives to its end (the records and their indexes, the
    # project's syntax trees, what the analyzer remembers per distinct error), and parsing and
    # the analysis leave next to no cycles (13 objects for a 50 MB log): the collector's
    # automatic passes, each walking the survivors again, cost about a tenth of the CPU on a
    # big log and free nothing. It runs once per COLLECT_EVERY_ERRORS errors analyzed
    # instead, so that cycles stay bounded however long the log.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _check_logs(args)
    finally:
        if enabled:
            gc.enable()


def _check_logs(args: argparse.Namespace) -> int:
    # Imported here: ``serve`` starts without the analysis, which the server loads on first use.
    from jaxerr_ls.diagnose import Analyzer
    from jaxerr_ls.notebooks import NotebookError, read_notebook
    from jaxerr_ls.reading import read_blocks

    root = Path(args.root).resolve()
    if not root.is_dir():
        print(f"jaxerr-ls: --root {args.root}: not a folder", file=sys.stderr)
        return EXIT_USAGE
    stdin_open = sys.stdin is not None
    logs: list[str] = args.logs or (["-"] if stdin_open and not sys.stdin.isatty() else [])
    if not logs:
        closed = "" if stdin_open else " (standard input is closed)"
        print(
            f"jaxerr-ls check: give a log file, or '-' to read standard input{closed}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if _missing_records(args.records):
        return EXIT_USAGE
    # The generated set is loaded only for an error no curated record matches exactly.
    trusted = args.trust_workspace_interpreter
    generated = generated_for_root(root, trusted) if args.generated else None
    catalog = Catalog.load(args.records, fuzzy_threshold=args.fuzzy_threshold, generated=generated)
    _report_problems(catalog.problems)
    analyzer = Analyzer(catalog, root, cwd=Path.cwd(), workspace_notebooks=True)
    findings: list[Finding] = []
    seen: set[tuple[object, ...]] = set()
    analyzed = 0
    status = EXIT_CLEAN
    for log in logs:
        if log == "-" and not stdin_open:
            print("jaxerr-ls: -: standard input is closed", file=sys.stderr)
            status = EXIT_USAGE
            continue
        try:
            stream = sys.stdin.buffer if log == "-" else open(log, "rb")  # noqa: SIM115
        except OSError as exc:
            print(f"jaxerr-ls: {log}: {exc.strerror}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        name = "<stdin>" if log == "-" else log
        try:
            found: Iterable[Finding]
            if log.endswith(".ipynb"):
                notebook = read_notebook(Path(log), stream)
                found = analyzer.analyze_notebook(notebook, log)
            else:
                found = analyzer.analyze_blocks(read_blocks(stream), name)
            for finding in found:
                # The same error printed twice (a script's own log and pytest's report of it)
                # is one finding.
                key = (
                    finding.span,
                    finding.code,
                    finding.first_line,
                    finding.event.test_id,
                )
                analyzed += 1
                if analyzed % COLLECT_EVERY_ERRORS == 0:
                    gc.collect()
                if key in seen:
                    continue
                seen.add(key)
                findings.append(finding)
                if args.format == "text" or args.format == "github":
                    for line in render_findings([finding], args.format, root):
                        _out(line)
        except (BrokenPipeError, OutputError):
            raise
        except OSError as exc:
            print(f"jaxerr-ls: {log}: {exc.strerror}", file=sys.stderr)
            status = EXIT_USAGE
        except NotebookError as exc:
            print(f"jaxerr-ls: {log}: {exc}", file=sys.stderr)
            status = EXIT_USAGE
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
    _report_problems(catalog.generated_problems, "generated ")
    if args.format == "json":
        for document in render_findings(findings, "json", root):
            _out(document)
    with _writing_output():
        sys.stdout.flush()
    if findings and args.format == "text" and sys.stderr is not None and sys.stderr.isatty():
        # Only for a person at a terminal: editors and scripts that read both streams
        # (Vim's system(), CI logs) get nothing but the findings.
        code = next((f.code for f in findings if f.match is not None), findings[0].code)
        print(
            f"jaxerr-ls: for what an error means and how to fix it: jaxerr-ls explain {code}",
            file=sys.stderr,
        )
    if status == EXIT_USAGE:
        return status
    return EXIT_FOUND if findings else EXIT_CLEAN


def _find_record(records: Sequence[Record], key: str) -> Record | None:
    for record in records:
        if key in (record.code, record.id, record.slug):
            return record
    return None


# A record's code is lower-case words joined by hyphens; `check` prints an exception's class
# (`TypeError`, `TracerBoolConversionError`) as the code of an error no record matches.
_CODE_RE = re.compile(r"[\w.-]+")
# The exception classes `jax.errors` exports that JAX's documentation explains on one page.
_JAX_ERROR_DOCS = "https://docs.jax.dev/en/latest/errors.html#jax.errors."
_JAX_DOCUMENTED_ERRORS = frozenset(
    {
        "ConcretizationTypeError",
        "KeyReuseError",
        "NonConcreteBooleanIndexError",
        "TracerArrayConversionError",
        "TracerBoolConversionError",
        "TracerIntegerConversionError",
        "UnexpectedTracerError",
        "JaxRuntimeError",
    }
)


def _render(record: Record, output_format: str) -> str:
    return record_markdown(record) if output_format == "markdown" else record_text(record)


def _explain(args: argparse.Namespace) -> int:
    if _missing_records(args.records):
        return EXIT_USAGE
    query: str | None = args.code
    if query is None:
        if sys.stdin is None or sys.stdin.isatty():
            print(
                "jaxerr-ls explain: give a code, or an error message as an argument or on "
                "standard input",
                file=sys.stderr,
            )
            return EXIT_USAGE
        query = sys.stdin.buffer.read(MAX_EXPLAIN_INPUT).decode("utf-8", errors="replace")
    catalog = Catalog.load(args.records, generated=generated_for_root(Path.cwd()))
    _report_problems(catalog.problems)
    if _CODE_RE.fullmatch(query.strip()):
        return _explain_code(query.strip(), catalog, args.format)
    return _explain_message(query, catalog, args)


def _explain_code(code: str, catalog: Catalog, output_format: str) -> int:
    record = _find_record(catalog.records, code)
    class_name = code.rsplit(".", 1)[-1]
    is_class = CLASS_NAME_RE.fullmatch(class_name) is not None
    without_jax = ""
    if record is None and not is_class:
        # Not curated: maybe a record generated from the project's JAX, as `check` prints.
        if catalog.load_generated():
            _report_problems(catalog.generated_problems, "generated ")
            record = _find_record(catalog.records, code)
        else:
            without_jax = " (no JAX found here to generate records from: see 'records build')"
    if record is None and not is_class:
        # A raise site of a past release, whose wording a message had.
        record = catalog.record(code)
    known = [r.code for r in catalog.records]
    if record is not None:
        _out(_render(record, output_format).rstrip("\n"))
        return EXIT_CLEAN
    if is_class:
        _out(
            f"{code}: the exception class of an error that no record matched; jaxerr-ls knows "
            "nothing about it beyond its message. To look the message up, run: "
            f'jaxerr-ls explain "{code}: <the message>"'
        )
        if class_name in _JAX_DOCUMENTED_ERRORS:
            _out(f"JAX documents it: {_JAX_ERROR_DOCS}{class_name}")
        return EXIT_CLEAN
    closest = difflib.get_close_matches(code, known, n=3, cutoff=0.6)
    hint = f"; closest: {', '.join(closest)}" if closest else ""
    print(f"jaxerr-ls explain: no record {code!r}{hint}{without_jax}", file=sys.stderr)
    return EXIT_USAGE


def _explain_message(text: str, catalog: Catalog, args: argparse.Namespace) -> int:
    status = EXIT_FOUND
    for number, explained in enumerate(explain_text(catalog, text)):
        if number:
            _out("")
        found = explained.match
        if found is None:
            first = _first_line(explained.message)
            print(f"jaxerr-ls explain: no record matches {first!r}", file=sys.stderr)
            continue
        status = EXIT_CLEAN
        _out(f"Matched by {found.stage}, score {found.score:.2f}: {found.record.code}")
        _out("")
        _out(_render(found.record, args.format).rstrip("\n"))
    return status


def _first_line(message: str) -> str:
    return next((line.strip() for line in message.splitlines() if line.strip()), "")


def _serve(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        stream=sys.stderr,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    from jaxerr_ls.server import create_server
    from jaxerr_ls.server.protocol import exit_process, serve_stdio, serve_tcp

    if not args.tcp and (sys.stdin is None or sys.stdout is None):
        print(
            "jaxerr-ls serve: standard input or output is closed (LSP over stdio needs both)",
            file=sys.stderr,
        )
        return EXIT_USAGE
    server = create_server()
    early = args.early
    if early is not None:
        answered = early.answered_id is not None
        log.info(
            "initialize %s", "answered before the server loaded" if answered else early.skipped
        )
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        if not host or not port.isdigit():
            print("jaxerr-ls serve: --tcp takes HOST:PORT", file=sys.stderr)
            return EXIT_USAGE
        code = serve_tcp(server, host, int(port))
    else:
        code = serve_stdio(server, early)
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


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error said in one line (``--help`` has the rest)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _threshold(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value >= 0:  # also refuses nan and -inf
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a similarity from 0 to 100 (above 100 turns fuzzy matching off)"
        )
    return value


def _add_trust_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--trust-workspace-interpreter",
        action="store_true",
        help="let the project's own Python parse JAX files this one cannot (it runs that "
        "interpreter; off by default, so nothing of the project runs)",
    )


def add_lint_parser(commands: Any) -> None:
    """The ``lint`` subcommand, on the command line's subparsers."""
    lint = commands.add_parser(
        "lint",
        help="predict JAX autodiff errors from the source, before running it",
        description="Read Python files (and the .py files under folders, minus what .gitignore "
        "and the usual excludes leave out) and print each JAX autodiff error the code will "
        "raise. Exit status: 0 nothing found, 1 something found, 2 usage or I/O error.",
    )
    lint.add_argument("paths", nargs="*", metavar="PATH", help="files or folders")
    lint.add_argument("--format", choices=LINT_FORMATS, default="text", help="output format")
    lint.add_argument(
        "--config",
        metavar="FILE",
        help="a pyproject.toml with [tool.jaxerr-ls.lint] (default: the nearest one above the "
        "first PATH)",
    )
    lint.add_argument(
        "--select", metavar="CODES", help="comma-separated codes to check (default: ALL)"
    )
    lint.add_argument("--ignore", metavar="CODES", help="comma-separated codes not to check")
    lint.add_argument(
        "--jax-version",
        metavar="VERSION",
        help="the JAX release the code runs with, whose records the predictions name (default: "
        "read from the jax/version.py of ./.venv, ./venv, $VIRTUAL_ENV or this interpreter's "
        "site-packages; where none has JAX, a prediction names every pinned release's record)",
    )
    lint.add_argument(
        "--list-rules", action="store_true", help="list the codes lint can report, and exit"
    )
    lint.set_defaults(handler=_lint)


def _lint(args: argparse.Namespace) -> int:
    # Imported only for ``lint``: ``check`` and ``serve`` start without the checks.
    from jaxerr_ls.lint.command import run_lint

    return run_lint(args)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="jaxerr-ls",
        description="JAX autodiff errors as located, explained diagnostics: find them in "
        "the output of a run, put each on your line, say what it means and how to fix it; "
        "or serve them to an editor as a language server.",
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
    check.add_argument(
        "logs", nargs="*", metavar="LOG", help="log file, saved notebook (.ipynb), or '-' for stdin"
    )
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
        type=_threshold,
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
    add_lint_parser(commands)

    serve = commands.add_parser(
        "serve",
        help="run the language server (stdio, or TCP for debugging)",
        description="Run the language server: LSP over standard input and output, for an "
        "editor to start. It publishes JAX errors from runs as diagnostics on your lines, "
        "hover docs for JAX autodiff APIs and quick fixes; settings come from the client "
        "(see the README's Configuration). It never imports JAX.",
    )
    serve.add_argument(
        "--tcp",
        metavar="HOST:PORT",
        help="listen on TCP at HOST:PORT instead of stdio (for debugging a client)",
    )
    serve.add_argument(
        "-v", "--verbose", action="store_true", help="log each request and more to stderr"
    )
    serve.set_defaults(handler=_serve)

    explain = commands.add_parser(
        "explain",
        help="print a record: meaning, causes, fixes",
        description="Print what an error means, when it happens, how to fix it and where JAX "
        "raises it. Give the code that 'check' prints in brackets (curated, generated from "
        "the project's JAX, or an exception class), or an error message (an argument with "
        "spaces, or standard input: a message, an exception line or a whole traceback) to "
        "print the record that matches it, with the stage and score of the match. Exit "
        "status: 0 printed, 1 no record matches the message, 2 unknown code or usage error.",
    )
    explain.add_argument(
        "code",
        nargs="?",
        metavar="CODE|MESSAGE",
        help="a record's code (as in check's [code]), id or slug; or an error message",
    )
    explain.add_argument(
        "--format",
        choices=("text", "markdown"),
        default="text",
        help="text for a terminal (default), or markdown",
    )
    explain.add_argument(
        "--records",
        action="append",
        default=[],
        metavar="DIR",
        help="an extra folder of record files (repeatable)",
    )
    explain.set_defaults(handler=_explain)

    records = commands.add_parser(
        "records",
        help="manage record sets",
        description="Manage record sets. 'records build' generates the record set of every "
        "error the project's JAX can raise (what 'check' uses beside the curated records).",
    )
    records_commands = records.add_subparsers(
        dest="records_command", required=True, metavar="SUBCOMMAND"
    )
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


def main(argv: Sequence[str] | None = None, *, early: EarlyStart | None = None) -> int:
    """The command line; ``early``: what ``serve`` read before this module was imported."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) and EXIT_USAGE
    args.early = early
    if sys.stdout is None and args.command != "serve":
        print("jaxerr-ls: standard output is closed", file=sys.stderr)
        return EXIT_USAGE
    try:
        result: int = args.handler(args)
    except OutputError as exc:
        print(f"jaxerr-ls: cannot write standard output: {exc}", file=sys.stderr)
        # Nothing more can reach it; spare the interpreter's final flush a second complaint.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_USAGE
    except BrokenPipeError:
        # `jaxerr-ls check log | head` closes the pipe early; that is not an error. Point
        # stdout at devnull so that the interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_CLEAN
    return result
