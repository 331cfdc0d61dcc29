"""A pytest plugin that writes each failure of a run, as structured data, for jaxerr-ls to read.

The plugin ships with jaxerr-ls (entry point ``jaxerr_ls.pytest_plugin`` in the ``pytest11``
group) but does nothing unless enabled, by any of:

- ``-p jaxerr_ls.pytest_plugin`` on the command line (also through ``addopts`` or
  ``PYTEST_ADDOPTS``); this also loads it where jaxerr-ls is not installed, given the repository
  on ``PYTHONPATH``;
- ``--jaxerr``;
- ``jaxerr = true`` in the ini file (``pytest.ini``, ``[tool.pytest.ini_options]``, ...).

When enabled it writes ``<rootdir>/.jaxerr/pytest-report.json`` (``--jaxerr-report PATH``, relative
to the invocation folder, writes elsewhere) once, at the end of the session, also when every test
passed (a report with no failures tells a client to clear what an earlier run showed). It writes a
temporary file in the same folder and renames it over the report, so a reader never sees half a
file. Under pytest-xdist the workers attach each failure's data to their reports, which xdist
sends to the controller, and only the controller writes.

Report, version 1::

    {"version": 1, "tool": "jaxerr-ls", "rootdir": "/abs/rootdir",
     "started": "2026-01-01T12:00:00.000000+00:00", "finished": "...",
     "exitstatus": 1, "collected": 15, "passed": 2, "failed": 13,
     "python": "/abs/venv/bin/python", "ran": ["tests/test_ops.py::test_x", ...],
     "failures": [
       {"test_id": "tests/test_ops.py::test_x",       # pytest node id, relative to rootdir
        "when": "call",                              # "setup" | "call" | "teardown" | "collect"
        "exception": {
          "type": "jax.errors.TracerBoolConversionError",   # as Python's traceback prints it
          "message": "...",                                  # str(exc), without __notes__
          "frames": [{"path": "/abs/file.py", "line": 12, "function": "f",
                      "source": "the stripped line"}],      # outermost first
          "chain": [{"type": ..., "message": ..., "frames": [...],
                     "relation": "cause"}]}}]}               # oldest first

- ``exitstatus`` is pytest's; ``collected`` the number of tests collected; ``passed`` the tests
  whose call passed (xpasses excluded); ``failed`` the number of failures, each a test's failing
  phase (setup, call or teardown) or a collection error, as ``failures`` lists them (at most
  ``MAX_FAILURES``; ``failed`` still counts them all).
- ``python`` is the interpreter that ran the tests (``sys.executable``); ``ran`` the node ids
  of the tests that reported an outcome (passed, failed or skipped) and of the files whose
  collection failed, so that a run of some tests replaces what an earlier run said of those
  only; null when there were more than ``MAX_RAN``. Both are optional for a reader.
- ``type`` is the class as the traceback prints it: builtins bare (``ValueError``), others
  qualified by their module (``jax._src.source_info_util.JaxStackTraceBeforeTransformation``).
- ``frames`` are the frames of the exception's own traceback (JAX's filtered one, when JAX filtered
  it), outermost first, at most ``MAX_FRAMES`` of them, keeping the innermost. ``path`` is
  absolute, or a pseudo-file such as ``<string>`` as it stands; ``line`` and ``source`` may be
  null.
- ``chain`` lists the exceptions Python would print before this one, oldest first. ``relation``
  says how an exception leads to the next one in the chain (the last one leads to the failure):
  ``"cause"`` (``raise ... from``, "The above exception was the direct cause") or ``"context"``
  ("During handling of the above exception"). A suppressed context is left out, as Python does.
  At most ``MAX_CHAIN`` links are kept, the oldest ones.
- A failure that pytest reported with no exception (an xdist worker that crashed, a strict
  xpass) has type ``Failed``, pytest's report text as message, and no frames.
- Text is bounded (messages to ``MAX_MESSAGE_BYTES`` of UTF-8, source lines to
  ``MAX_SOURCE_CHARS``) and undecodable bytes in it are replaced by ``?``.

The plugin never fails the run it reports on: an exception it cannot describe is kept as pytest's
text, and a report it cannot write is a line in the terminal summary.

This module imports nothing but the standard library and pytest, so that ``-p`` can load it into
any test environment.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import traceback
from collections.abc import Generator
from datetime import datetime, timezone
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pluggy import Result

REPORT_VERSION = 1
PLUGIN_NAME = "jaxerr_ls.pytest_plugin"
DEFAULT_REPORT = Path(".jaxerr") / "pytest-report.json"
MAX_MESSAGE_BYTES = 64 * 1024
MAX_SOURCE_CHARS = 1000
MAX_FRAMES = 200
MAX_CHAIN = 32
MAX_FAILURES = 1000
MAX_RAN = 100_000
# The report attribute that carries a failure's data from where it happened (an xdist worker,
# possibly) to where the report is written; xdist serialises a report's whole ``__dict__``.
REPORT_ATTRIBUTE = "jaxerr_exception"

_recorder_key = pytest.StashKey["ReportRecorder"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jaxerr", "jaxerr-ls failure report")
    group.addoption(
        "--jaxerr",
        action="store_true",
        default=False,
        help="write each failure as structured data for jaxerr-ls (see --jaxerr-report)",
    )
    group.addoption(
        "--jaxerr-report",
        metavar="PATH",
        default=None,
        help="where to write the jaxerr-ls report "
        f"(default: <rootdir>/{DEFAULT_REPORT.as_posix()})",
    )
    parser.addini("jaxerr", "write the jaxerr-ls failure report", type="bool", default=False)


def is_enabled(config: pytest.Config) -> bool:
    """Whether this run asked for the report: ``-p``, ``--jaxerr`` or ``jaxerr = true``."""
    requested = getattr(config.option, "plugins", None) or []
    return (
        PLUGIN_NAME in requested
        or bool(config.getoption("jaxerr", False))
        or bool(config.getini("jaxerr"))
    )


def pytest_configure(config: pytest.Config) -> None:
    if not is_enabled(config):
        if config.getoption("jaxerr_report", None):
            config.issue_config_time_warning(
                pytest.PytestConfigWarning(
                    "--jaxerr-report has no effect: the jaxerr report is not enabled "
                    "(add --jaxerr, or jaxerr = true to the ini file)"
                ),
                stacklevel=2,
            )
        return
    recorder = ReportRecorder(config)
    config.stash[_recorder_key] = recorder
    config.pluginmanager.register(recorder, "jaxerr-report-recorder")


def pytest_unconfigure(config: pytest.Config) -> None:
    recorder = config.stash.get(_recorder_key, None)
    if recorder is not None:
        del config.stash[_recorder_key]
        config.pluginmanager.unregister(recorder)


# An old-style wrapper: every pytest and pluggy version that may load this entry point knows it.
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Result[pytest.TestReport], None]:
    outcome = yield
    report = outcome.get_result()
    if _recorder_key in item.config.stash and call.excinfo is not None:
        exception = call.excinfo.value
        # Whether the report is a failure is final only once every plugin has seen it (xfail
        # turns one into a skip), so the data goes on every report with an exception and the
        # recorder keeps the failed ones.
        if not isinstance(exception, pytest.skip.Exception):
            _attach(report, exception)


def pytest_exception_interact(
    node: pytest.Item | pytest.Collector,
    call: pytest.CallInfo[Any],
    report: pytest.CollectReport | pytest.TestReport,
) -> None:
    # The one hook that sees a collection error's exception object; it runs before
    # pytest_collectreport receives the report (and before xdist sends it to the controller).
    if (
        isinstance(report, pytest.CollectReport)
        and _recorder_key in node.config.stash
        and call.excinfo is not None
    ):
        _attach(report, call.excinfo.value)


def _attach(report: pytest.CollectReport | pytest.TestReport, exception: BaseException) -> None:
    try:
        described = describe_exception(exception)
    except Exception:  # a report must never break the run it reports on
        return  # the recorder then keeps pytest's text of the failure
    setattr(report, REPORT_ATTRIBUTE, described)


class ReportRecorder:
    """The failures of one session, from the reports as pytest (or, on xdist's controller, the
    workers) log them; registered as a plugin only when the report is enabled."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.started = _now()
        self.passed = 0
        self.failed = 0
        self.failures: list[dict[str, Any]] = []
        # dict: the node ids in the order they ran, each once (a test reports each phase).
        self.ran: dict[str, None] | None = {}

    def note_ran(self, node_id: str) -> None:
        if self.ran is not None:
            self.ran[node_id] = None
            if len(self.ran) > MAX_RAN:
                self.ran = None

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.started = _now()

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.note_ran(report.nodeid)
            self.add_failure(report, "collect")

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.note_ran(report.nodeid)
        if report.failed:
            self.add_failure(report, report.when)
        elif report.when == "call" and report.passed and not hasattr(report, "wasxfail"):
            self.passed += 1

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if hasattr(self.config, "workerinput"):
            return  # an xdist worker: its reports go to the controller, which writes
        self.write(session.testscollected, int(exitstatus))

    def add_failure(self, report: pytest.CollectReport | pytest.TestReport, when: str) -> None:
        self.failed += 1
        if len(self.failures) >= MAX_FAILURES:
            return
        exception = getattr(report, REPORT_ATTRIBUTE, None)
        if not isinstance(exception, dict):
            exception = {
                "type": "Failed",
                "message": _bounded(_clean(report.longreprtext)),
                "frames": [],
                "chain": [],
            }
        self.failures.append({"test_id": report.nodeid, "when": when, "exception": exception})

    def report_path(self) -> Path:
        given = self.config.getoption("jaxerr_report", None)
        if given:
            return self.config.invocation_params.dir / str(given)
        return self.config.rootpath / DEFAULT_REPORT

    def write(self, collected: int, exitstatus: int) -> None:
        data = {
            "version": REPORT_VERSION,
            "tool": "jaxerr-ls",
            "rootdir": str(self.config.rootpath),
            "started": self.started,
            "finished": _now(),
            "exitstatus": exitstatus,
            "collected": collected,
            "passed": self.passed,
            "failed": self.failed,
            "python": sys.executable,
            "ran": list(self.ran) if self.ran is not None else None,
            "failures": self.failures,
        }
        path = self.report_path()
        try:
            check_inside_project(
                path, self.config, given=bool(self.config.getoption("jaxerr_report", None))
            )
            write_atomically(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        except Exception as error:  # a report must never break the run
            reporter = self.config.pluginmanager.get_plugin("terminalreporter")
            if reporter is not None:
                reporter.write_line(f"jaxerr: could not write {path}: {error}", red=True)


def check_inside_project(path: Path, config: pytest.Config, *, given: bool) -> None:
    """Refuse a report path whose folder leads out of the project through a symlink (a
    repository shipping ``.jaxerr`` as a link elsewhere). An absolute ``--jaxerr-report`` is
    the user's own choice; a relative one must stay in the folder pytest was started in. A
    symlink in the report's own place is harmless: the rename replaces the link itself."""
    if given and Path(str(config.getoption("jaxerr_report"))).is_absolute():
        return
    base = config.invocation_params.dir if given else config.rootpath
    folder = path.parent
    # The deepest existing folder decides: mkdir below it cannot leave it.
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.resolve().is_relative_to(base.resolve()):
        raise OSError(f"{path.parent} leads out of {base} (a symlink); not writing the report")


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename."""
    folder = path.parent
    if not folder.exists():
        folder.mkdir(parents=True, exist_ok=True)
        if path.name == DEFAULT_REPORT.name and folder.name == DEFAULT_REPORT.parent.name:
            # Like .pytest_cache: the folder is output, never something to commit.
            (folder / ".gitignore").write_text("# Created by jaxerr-ls.\n*\n")
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def describe_exception(exception: BaseException) -> dict[str, Any]:
    """The exception as the report holds it: type, message, frames and the chain before it."""
    links: list[tuple[BaseException, str]] = []
    seen = {id(exception)}
    current = exception
    while True:
        if current.__cause__ is not None:
            earlier, relation = current.__cause__, "cause"
        elif current.__context__ is not None and not current.__suppress_context__:
            earlier, relation = current.__context__, "context"
        else:
            break
        if id(earlier) in seen:
            break
        seen.add(id(earlier))
        links.append((earlier, relation))
        current = earlier
    # Oldest first, as Python prints them; the oldest are kept, as the root cause is among them.
    oldest = reversed(links[-MAX_CHAIN:])
    chain = [{**_describe_one(link), "relation": relation} for link, relation in oldest]
    return {**_describe_one(exception), "chain": chain}


def _describe_one(exception: BaseException) -> dict[str, Any]:
    return {
        "type": _clean(exception_type_name(type(exception))),
        "message": _bounded(_clean(_safe_str(exception))),
        "frames": _frames(exception.__traceback__),
    }


def exception_type_name(cls: type[BaseException]) -> str:
    """The class as ``traceback`` prints it: bare for builtins, module-qualified otherwise."""
    module = getattr(cls, "__module__", None)
    if module in ("__main__", "builtins"):
        return cls.__qualname__
    if not isinstance(module, str):
        module = "<unknown>"
    return f"{module}.{cls.__qualname__}"


def _frames(tb: TracebackType | None) -> list[dict[str, Any]]:
    frames = []
    for summary in traceback.extract_tb(tb, limit=-MAX_FRAMES):
        filename = _clean(summary.filename)
        if not (filename.startswith("<") and filename.endswith(">")):
            filename = os.path.abspath(filename)
        source = summary.line
        frames.append(
            {
                "path": filename,
                "line": summary.lineno,
                "function": _clean(summary.name),
                "source": _clean(source[:MAX_SOURCE_CHARS]) if source else None,
            }
        )
    return frames


def _safe_str(exception: BaseException) -> str:
    try:
        return str(exception)
    except Exception:
        return "<exception str() failed>"


def _clean(text: str) -> str:
    """``text`` without lone surrogates (undecodable bytes), which UTF-8 cannot hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", errors="replace").decode("utf-8")
    return text


def _bounded(text: str) -> str:
    encoded = text.encode("utf-8")
    if len(encoded) <= MAX_MESSAGE_BYTES:
        return text
    return encoded[:MAX_MESSAGE_BYTES].decode("utf-8", errors="ignore")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()
