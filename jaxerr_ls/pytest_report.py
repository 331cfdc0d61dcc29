"""Reading the report the pytest plugin writes: run metadata and each failure as an error event.

The format is described in ``jaxerr_ls/pytest_plugin.py``. A report is checked field by field; a
file that is not one this version can read raises ``ReportError`` saying which field is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.reading import read_regular

REPORT_VERSION = 1
TOOL = "jaxerr-ls"
WHEN = ("setup", "call", "teardown", "collect")
RELATIONS = ("cause", "context")
# The plugin bounds what it writes well below this; a bigger file is not its report.
MAX_REPORT_BYTES = 64 * 1024 * 1024


class ReportError(ValueError):
    """A report file that cannot be read: not JSON, another tool's, another version, bad fields."""


@dataclass(frozen=True, slots=True)
class PytestFailure:
    """One failing phase of a test (or a collection error) and the exception that ended it."""

    test_id: str
    when: str
    event: ErrorEvent


@dataclass(frozen=True, slots=True)
class PytestReport:
    """A run as the plugin recorded it. ``failed`` counts every failure, ``failures`` holds them
    (up to the plugin's bound)."""

    path: Path
    rootdir: str
    started: str
    finished: str
    exitstatus: int
    collected: int
    passed: int
    failed: int
    failures: list[PytestFailure] = field(default_factory=list)
    # The interpreter that ran the tests, and the node ids that ran (None: not said).
    python: str | None = None
    ran: frozenset[str] | None = None
    # The files of ``ran``'s node ids.
    ran_files: frozenset[str] = frozenset()

    def ran_test(self, test_id: str | None) -> bool:
        """Whether this run ran ``test_id`` again (a test, or a file that failed to collect):
        every test when the report does not say which ran."""
        if self.ran is None or test_id is None:
            return True
        return (
            test_id in self.ran
            or test_id in self.ran_files
            or test_id.partition("::")[0] in self.ran
        )

    @property
    def events(self) -> list[ErrorEvent]:
        """The failures' error events, in the order the run met them."""
        return [failure.event for failure in self.failures]


def read_report(path: Path, roots: Iterable[Path] | None = None) -> PytestReport | None:
    """The report at ``path``; None when there is none; ``ReportError`` when it is unreadable,
    is not a regular file (a FIFO, a device), is larger than ``MAX_REPORT_BYTES``, or (with
    ``roots``) resolves to a place outside them."""
    try:
        data = read_regular(path, MAX_REPORT_BYTES, roots)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ReportError(f"{path}: cannot read the report: {error.strerror or error}") from None
    return parse_report(data, path)


def parse_report(data: bytes | str, path: Path) -> PytestReport:
    """The report whose text is ``data`` (``path`` names it in errors and in the result)."""
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ReportError(f"{path}: not a JSON document: {error}") from None
    return _Reader(path).report(document)


class _Reader:
    """Checks each field as it converts it; errors name the field by its path in the document."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> ReportError:
        return ReportError(f"{self.path}: {where}: {problem}")

    def report(self, document: object) -> PytestReport:
        if not isinstance(document, dict):
            raise self.fail("the document", f"expected an object, got {_kind(document)}")
        if document.get("tool") != TOOL:
            raise self.fail(
                "tool", f"expected {TOOL!r}, got {document.get('tool')!r}: not a jaxerr-ls report"
            )
        version = document.get("version")
        if version != REPORT_VERSION or isinstance(version, bool):
            raise self.fail(
                "version",
                f"this jaxerr-ls reads version {REPORT_VERSION} reports, the file is version "
                f"{version!r}",
            )
        rootdir = self.string(document, "rootdir", "")
        failures = self.field(document, "failures", list, "a list", "")
        ran = document.get("ran")
        if ran is not None and not (
            isinstance(ran, list) and all(isinstance(item, str) for item in ran)
        ):
            raise self.fail("ran", f"expected a list of strings or null, got {_kind(ran)}")
        return PytestReport(
            path=self.path,
            rootdir=rootdir,
            started=self.string(document, "started", ""),
            finished=self.string(document, "finished", ""),
            exitstatus=self.integer(document, "exitstatus", ""),
            collected=self.integer(document, "collected", ""),
            passed=self.integer(document, "passed", ""),
            failed=self.integer(document, "failed", ""),
            failures=[
                self.failure(item, f"failures[{n}]", rootdir) for n, item in enumerate(failures)
            ],
            python=self.optional_string(document, "python", ""),
            ran=frozenset(ran) if ran is not None else None,
            ran_files=frozenset(item.partition("::")[0] for item in ran or ()),
        )

    def failure(self, item: object, where: str, rootdir: str) -> PytestFailure:
        entry = self.object(item, where)
        test_id = self.string(entry, "test_id", where)
        when = self.string(entry, "when", where)
        if when not in WHEN:
            raise self.fail(f"{where}.when", f"expected one of {', '.join(WHEN)}, got {when!r}")
        exception = self.object(entry.get("exception"), f"{where}.exception")
        event = self.exception(exception, f"{where}.exception", rootdir, test_id)
        chain = self.field(exception, "chain", list, "a list", f"{where}.exception")
        for n, link in enumerate(chain):
            link_where = f"{where}.exception.chain[{n}]"
            earlier = self.exception(self.object(link, link_where), link_where, rootdir, test_id)
            relation = self.string(link, "relation", link_where)
            if relation not in RELATIONS:
                raise self.fail(
                    f"{link_where}.relation", f"expected cause or context, got {relation!r}"
                )
            earlier.chain_relation = relation
            event.chain.append(earlier)
        return PytestFailure(test_id, when, event)

    def exception(
        self, exception: dict[str, Any], where: str, rootdir: str, test_id: str
    ) -> ErrorEvent:
        frames = self.field(exception, "frames", list, "a list", where)
        return ErrorEvent(
            exc_type=self.string(exception, "type", where),
            message=self.string(exception, "message", where),
            frames=[self.frame(item, f"{where}.frames[{n}]") for n, item in enumerate(frames)],
            rootdir=rootdir,
            test_id=test_id,
        )

    def frame(self, item: object, where: str) -> Frame:
        frame = self.object(item, where)
        line = frame.get("line")
        if line is not None and (not isinstance(line, int) or isinstance(line, bool)):
            raise self.fail(f"{where}.line", f"expected an integer or null, got {_kind(line)}")
        return Frame(
            path=self.string(frame, "path", where),
            line=line,
            function=self.optional_string(frame, "function", where),
            source=self.optional_string(frame, "source", where),
        )

    def object(self, item: object, where: str) -> dict[str, Any]:
        if not isinstance(item, dict):
            raise self.fail(where, f"expected an object, got {_kind(item)}")
        return item

    def field(
        self, container: dict[str, Any], key: str, kind: type, described: str, where: str
    ) -> Any:
        name = f"{where}.{key}" if where else key
        if key not in container:
            raise self.fail(name, "missing")
        value = container[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(name, f"expected {described}, got {_kind(value)}")
        return value

    def string(self, container: dict[str, Any], key: str, where: str) -> str:
        value: str = self.field(container, key, str, "a string", where)
        return value

    def integer(self, container: dict[str, Any], key: str, where: str) -> int:
        value: int = self.field(container, key, int, "an integer", where)
        return value

    def optional_string(self, container: dict[str, Any], key: str, where: str) -> str | None:
        value = container.get(key)
        if value is not None and not isinstance(value, str):
            name = f"{where}.{key}" if where else key
            raise self.fail(name, f"expected a string or null, got {_kind(value)}")
        return value


def _kind(value: object) -> str:
    """How a JSON value is described in an error: its JSON type, and the value when short."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    kind = names.get(type(value), "a number" if isinstance(value, int | float) else "a value")
    if isinstance(value, dict | list):
        return kind
    shown = json.dumps(value)
    return f"{kind} ({shown if len(shown) <= 40 else shown[:37] + '...'})"
