"""Watching pytest's report and the configured log files: client watchers, or polling."""

from __future__ import annotations

import asyncio
import glob
import logging
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from jaxerr_ls.reading import open_regular, read_blocks
from jaxerr_ls.server.app import JaxErrServer

if TYPE_CHECKING:
    from jaxerr_ls.diagnose import Finding
    from jaxerr_ls.pytest_report import PytestReport

log = logging.getLogger(__name__)
WATCH_REGISTRATION = "jaxerr-watch"
# A log file larger than this is read from its end only: a run's errors come last.
MAX_LOG_BYTES = 256 * 1024 * 1024


def log_source(path: Path) -> str:
    return f"log:{path}"


def report_source(path: Path) -> str:
    return f"pytest:{path}"


class Watcher:
    """Which files feed diagnostics, and what was last seen of them."""

    def __init__(self, server: JaxErrServer) -> None:
        self.server = server
        self.seen: dict[Path, tuple[float, int] | None] = {}
        self.poller: asyncio.Task[None] | None = None
        self.registered = False
        self.starting: asyncio.Future[None] | None = None

    def folders(self) -> list[Path]:
        """The workspace root and folders, each watched with its own settings."""
        roots = [self.server.root, *self.server.workspace_folders()]
        return [root for root in dict.fromkeys(roots) if root is not None]

    def report_paths(self) -> list[Path]:
        found = []
        for folder in self.folders():
            settings = self.server.settings_for(folder)
            if settings.uses("pytest"):
                report = Path(settings.pytest_report)
                found.append(report if report.is_absolute() else folder / report)
        return list(dict.fromkeys(found))

    def log_paths(self) -> list[Path]:
        found: list[Path] = []
        for folder in self.folders():
            settings = self.server.settings_for(folder)
            if not settings.uses("logFiles"):
                continue
            for pattern in settings.log_files:
                full = pattern if Path(pattern).is_absolute() else str(folder / pattern)
                found.extend(Path(p) for p in sorted(glob.glob(full, recursive=True)))
        return list(dict.fromkeys(found))

    def patterns(self) -> list[str]:
        patterns: list[str] = []
        for folder in self.folders():
            settings = self.server.settings_for(folder)
            if settings.uses("pytest"):
                patterns.append(settings.pytest_report)
            if settings.uses("logFiles"):
                patterns += settings.log_files
        return list(dict.fromkeys(patterns))

    def poll_interval(self) -> float:
        return min(self.server.settings_for(f).poll_interval for f in self.folders())

    def watched(self) -> list[tuple[Path, str, Callable[[Path], Awaitable[None]]]]:
        """Each watched file, with its findings' source and what reads it: reports first."""
        return [
            *((path, report_source(path), self.load_report) for path in self.report_paths()),
            *((path, log_source(path), self.load_log) for path in self.log_paths()),
        ]

    async def check(self, *, force: bool = False) -> None:
        """Re-read every watched file that changed since it was last read."""
        watched = self.watched()
        for path, _, load in watched:
            stamp = _stamp(path)
            if force or stamp != self.seen.get(path):
                self.seen[path] = stamp
                await load(path)
        # Reports and log files no longer watched (or matched) lose their findings.
        sources = {source for _, source, _ in watched}
        for source in self.server.store.sources():
            if source.startswith(("log:", "pytest:")) and source not in sources:
                self.server.publish(self.server.store.clear(source))

    def mark_read(self, source: str | None) -> None:
        """Take the watched files (those of ``source``, or all) as read as they are now."""
        for path, path_source, _ in self.watched():
            if source in (None, path_source):
                self.seen[path] = _stamp(path)

    async def load_report(self, path: Path) -> None:
        loop = asyncio.get_running_loop()
        mark = self.server.store.clear_mark()
        try:
            findings, report = await loop.run_in_executor(
                self.server.analysis_pool, analyze_report, self.server, path
            )
        except ValueError as exc:
            self.server.show_problem(f"{path}: {exc}")
            return
        # A run of some tests replaces what the last report said of those tests only.
        ran = report.ran_test if report is not None else None
        self.server.replace_findings(
            report_source(path),
            findings,
            replaces=ran and (lambda finding: ran(finding.event.test_id)),
            since=mark,
        )

    async def load_log(self, path: Path) -> None:
        loop = asyncio.get_running_loop()
        mark = self.server.store.clear_mark()
        findings = await loop.run_in_executor(
            self.server.analysis_pool, analyze_log, self.server, path
        )
        self.server.replace_findings(log_source(path), findings, since=mark)

    async def poll(self) -> None:
        while True:
            try:
                await self.check()
            except Exception:  # a bad file must not stop watching the others
                log.exception("watching failed")
            await asyncio.sleep(self.poll_interval())


def _glob_for(pattern: str) -> str:
    """A watcher glob for a setting's path or pattern (relative ones match anywhere below)."""
    if Path(pattern).is_absolute():
        return pattern
    return "**/" + (pattern[2:] if pattern.startswith("./") else pattern)


def _stamp(path: Path) -> tuple[float, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_mtime, status.st_size)


def analyze_report(server: JaxErrServer, path: Path) -> tuple[list[Finding], PytestReport | None]:
    """Findings of pytest's structured report, and the report; none when it is gone (runs in
    the analysis thread). A report of a passing run has no failures: its findings replace the
    last run's."""
    from jaxerr_ls.pytest_report import ReportError, read_report

    try:
        report = read_report(path, server.roots_for(path))
    except ReportError as exc:
        raise ValueError(str(exc)) from exc
    if report is None:
        return [], None
    root = Path(report.rootdir) if report.rootdir else (server.root or path.parent)
    analyzer = server.new_analyzer(server.folder_for(root) or root, root, report.python)
    return [analyzer.analyze_event(event, str(path)) for event in report.events], report


def analyze_log(server: JaxErrServer, path: Path) -> list[Finding]:
    root = server.folder_for(path) or path.parent
    analyzer = server.new_analyzer(root)
    try:
        with open_regular(path, server.roots_for(path)) as stream:
            size = os.fstat(stream.fileno()).st_size
            if size > MAX_LOG_BYTES:
                stream.seek(size - MAX_LOG_BYTES)
            return list(analyzer.analyze_blocks(read_blocks(stream), str(path)))
    except OSError as exc:
        if not isinstance(exc, FileNotFoundError):
            log.warning("not reading %s: %s", path, exc)
        return []


async def _register_watchers(server: JaxErrServer, watcher: Watcher, patterns: list[str]) -> None:
    if watcher.registered:
        watcher.registered = False
        await server.client_unregister_capability_async(
            types.UnregistrationParams(
                unregisterations=[
                    types.Unregistration(
                        id=WATCH_REGISTRATION, method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES
                    )
                ]
            )
        )
    watchers = [types.FileSystemWatcher(glob_pattern=_glob_for(p)) for p in patterns]
    await server.client_register_capability_async(
        types.RegistrationParams(
            registrations=[
                types.Registration(
                    id=WATCH_REGISTRATION,
                    method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    register_options=types.DidChangeWatchedFilesRegistrationOptions(
                        watchers=watchers
                    ),
                )
            ]
        )
    )
    watcher.registered = True


async def start_watching(server: JaxErrServer, watcher: Watcher) -> None:
    """Read the watched files now, then watch them (by the client's watchers, else polling)."""
    if watcher.poller is not None:
        watcher.poller.cancel()
        watcher.poller = None
    await watcher.check(force=True)
    patterns = watcher.patterns()
    if patterns and server.features.watches_files:
        try:
            await _register_watchers(server, watcher, patterns)
            return
        except Exception:  # a client that cannot register watchers: poll instead
            log.warning("file watchers could not be registered; polling", exc_info=True)
    if patterns:
        watcher.poller = asyncio.ensure_future(watcher.poll())


async def did_change_watched_files(
    ls: JaxErrServer, params: types.DidChangeWatchedFilesParams
) -> None:
    await ls.check_watched()


def register(server: JaxErrServer) -> None:
    watcher = Watcher(server)

    def restart() -> None:
        watcher.starting = asyncio.ensure_future(start_watching(server, watcher))

    server.restart_watching = restart
    server.check_watched = watcher.check
    server.mark_watched_read = watcher.mark_read
    server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(did_change_watched_files)
