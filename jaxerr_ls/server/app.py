"""The server object: settings and record catalogs per workspace folder, analyzers and published
findings."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from jaxerr_ls import __version__
from jaxerr_ls.apidocs import ApiDocs, load_api_docs
from jaxerr_ls.catalog import Catalog, generated_for_root
from jaxerr_ls.environments import JediPython, jedi_python, workspace_venvs
from jaxerr_ls.payload import DiagnosticData
from jaxerr_ls.records import Record
from jaxerr_ls.runs import RunScope
from jaxerr_ls.server.capabilities import ClientFeatures
from jaxerr_ls.server.convert import to_diagnostic
from jaxerr_ls.server.documents import Documents
from jaxerr_ls.server.pacing import Batched, LatestOnly
from jaxerr_ls.server.protocol import JaxErrProtocol
from jaxerr_ls.settings import Settings, settings_from
from jaxerr_ls.tracking import FindingStore

if TYPE_CHECKING:
    from jaxerr_ls.diagnose import Analyzer, Finding
    from jaxerr_ls.fixes import Fix

log = logging.getLogger(__name__)


class JaxErrServer(LanguageServer):
    """jaxerr-ls: state shared by the feature modules, whose handlers stay thin."""

    def __init__(self) -> None:
        super().__init__(
            "jaxerr-ls",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=JaxErrProtocol,
        )
        # The settings of the whole session (initializationOptions, or the client's unscoped
        # configuration), and each workspace folder's own (its scoped configuration); a file
        # outside every folder has the session's.
        self.settings = Settings()
        self.folder_settings: dict[Path, Settings] = {}
        # One catalog per distinct (record folders, threshold, generated set) among the folders.
        self._catalogs: dict[_CatalogKey, Catalog] = {}
        self._shown_problems: set[str] = set()
        # The folders' settings asked of the client after initialize: what reads them waits.
        self.configuring: asyncio.Future[bool] | None = None
        self.store = FindingStore()
        self.documents = Documents(self)
        # What the client can do, resolved once at initialize.
        self.features = ClientFeatures()
        # One thread analyses output, one run at a time, so the event loop keeps answering
        # hovers while a large log is read.
        self.analysis_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxerr-analysis")
        # Set by the watching feature: (re)start watching files, after a settings change too;
        # and read the watched files now.
        self.restart_watching: Callable[[], None] = lambda: None
        self.check_watched: Callable[[], Awaitable[None]] = _nothing
        # Take the watched files as read as they are now (one source's, or all): cleared,
        # a report or log written before the clear is not read again.
        self.mark_watched_read: Callable[[str | None], None] = lambda source: None
        # Set by the predictions feature: a document to lint again, the predictions merged
        # into what is published for a document, and a settings change.
        self.document_changed: Callable[[str], None] = lambda uri: None
        self.with_predictions: Callable[[str, list[types.Diagnostic]], list[types.Diagnostic]]
        self.with_predictions = lambda uri, run: run
        self.lint_settings_changed: Callable[[], None] = lambda: None
        # What each open document was last sent, for pull requests and for code actions that
        # must only apply to the version they were computed for.
        self.published: dict[str, tuple[int | None, list[types.Diagnostic]]] = {}
        # A new result id for each publication, so a pulling client can be told "unchanged".
        self.result_ids: dict[str, str] = {}
        self._publications = 0
        self.api_docs = ApiDocs([])
        self._jedi_pythons: dict[tuple[tuple[Path, ...], bool], JediPython] = {}
        # Without a workspace, the folders of the outputs the client sent stand for it.
        self.output_roots: set[Path] = set()
        # jedi may take a second on first use: hovers run off the event loop, one at a time,
        # and one still queued when a newer hover of its document arrives is skipped.
        self.hover_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxerr-hover")
        self.latest_hover: LatestOnly[str] = LatestOnly(self.hover_pool)
        # Diagnostics follow a storm of edits once per short window, not once per keystroke.
        self.republish: Batched[Path] = Batched(self.publish)
        # The diagnostics of notebook cells' error outputs: by the cell whose output it is, the
        # diagnostics on each cell document (see ``server/notebooks.py``).
        self.cell_diagnostics: dict[str, dict[str, list[types.Diagnostic]]] = {}
        # Documents whose diagnostics are pushed even to a client that pulls (cells).
        self.pushed_only: set[str] = set()

    # -- configuration ---------------------------------------------------------------------

    def apply_settings(self, raw: object, *, base: Settings | None = None) -> None:
        """Take the session's settings from the client's JSON; report bad values and keep the
        defaults. Each folder's are then read over these again (``apply_folder_settings``)."""
        self.settings, problems = settings_from(raw, base)
        self.folder_settings = {}
        self._shown_problems = set()
        self._report(problems)
        # A settings change reads the record folders afresh (a team may have added records).
        self._catalogs = {}
        self.settings_changed()

    def apply_folder_settings(self, answers: Mapping[Path, object]) -> None:
        """Take each workspace folder's settings (the client's configuration for that folder,
        None when it has none), read over the session's. ``trustWorkspaceInterpreter`` stays
        the session's: a folder's own configuration (a file in the repository, for some
        clients) must not let the server run the folder's code."""
        folder_settings: dict[Path, Settings] = {}
        problems: list[str] = []
        for folder, raw in answers.items():
            settings, found = settings_from(raw, self.settings)
            problems += found
            trusted = self.settings.trust_workspace_interpreter
            folder_settings[folder] = attrs.evolve(settings, trust_workspace_interpreter=trusted)
        self.folder_settings = folder_settings
        self._report(problems)
        self.settings_changed()

    def _report(self, problems: list[str]) -> None:
        # The same bad value read for the session and again for each folder is said once.
        for problem in dict.fromkeys(problems):
            if problem not in self._shown_problems:
                self._shown_problems.add(problem)
                self.show_problem(problem)

    def settings_changed(self) -> None:
        """The catalogs the folders' settings ask for (keeping those that did not change), and
        the predictions of open documents again."""
        kept, self._catalogs = self._catalogs, {}
        for folder in [self.root, *self.folder_settings]:
            key = self._catalog_key(folder)
            self._catalogs[key] = kept.get(key) or self._new_catalog(key)
        self.lint_settings_changed()

    async def settings_ready(self) -> None:
        """Wait until the folders' settings the client was asked for have been applied."""
        if self.configuring is not None and not self.configuring.done():
            await asyncio.wait([self.configuring])

    def settings_for(self, path: Path | None) -> Settings:
        """The settings that apply to a file: its workspace folder's, else the session's."""
        folder = self.workspace_folder_of(path)
        return self.folder_settings.get(folder, self.settings) if folder else self.settings

    def catalog_for(self, path: Path | None) -> Catalog:
        """The records that explain errors in a file (of its folder's settings)."""
        key = self._catalog_key(path)
        catalog = self._catalogs.get(key)
        if catalog is None:
            catalog = self._catalogs[key] = self._new_catalog(key)
        return catalog

    def _catalog_key(self, path: Path | None) -> _CatalogKey:
        settings = self.settings_for(path)
        root = self.workspace_folder_of(path) or self.root
        folders: list[Path] = []
        for folder in settings.record_paths:
            extra = Path(folder).expanduser()
            folders.append(extra if extra.is_absolute() or root is None else root / extra)
        return _CatalogKey(
            tuple(folders),
            settings.fuzzy_threshold,
            settings.generated_records,
            root if settings.generated_records else None,
            settings.trust_workspace_interpreter,
        )

    def _new_catalog(self, key: _CatalogKey) -> Catalog:
        """A catalog; its generated set loads in the background (a first build takes seconds)
        while the curated records serve."""
        generated = generated_for_root(key.generated_root, key.trusted) if key.generated else None
        catalog = Catalog.load(
            key.record_folders, fuzzy_threshold=key.fuzzy_threshold, generated=generated
        )
        for problem in catalog.problems:
            self.log_problem(f"skipped record: {problem}")
        if generated is not None:
            self.analysis_pool.submit(self._load_generated, catalog)
        return catalog

    @property
    def catalog(self) -> Catalog:
        """The catalog of the workspace root (or of a file outside every folder)."""
        return self.catalog_for(self.root)

    def _load_generated(self, catalog: Catalog) -> None:
        try:
            catalog.load_generated()
        except Exception:  # a broken JAX install: the curated records still serve
            log.exception("the generated records could not be loaded")
        for problem in catalog.generated_problems:
            log.info("skipped generated record: %s", problem)

    def record(self, record_id: str | None, path: Path | None = None) -> Record | None:
        """A record by id or code, from the catalog of the file it is about."""
        return self.catalog_for(path).record(record_id)

    def show_problem(self, message: str) -> None:
        """A problem the user must act on (a bad setting): shown, and logged."""
        log.warning(message)
        self.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Warning, message=f"jaxerr-ls: {message}")
        )

    def log_problem(self, message: str) -> None:
        """A problem worth knowing but not worth a pop-up: the client's log (output channel)."""
        log.warning(message)
        self.window_log_message(
            types.LogMessageParams(type=types.MessageType.Warning, message=f"jaxerr-ls: {message}")
        )

    # -- places ----------------------------------------------------------------------------

    @property
    def root(self) -> Path | None:
        if not self.has_workspace:
            return None
        root = self.workspace.root_path
        return Path(root) if root else None

    @property
    def has_workspace(self) -> bool:
        """Whether initialize has created the workspace (pygls raises before that)."""
        return self.protocol._workspace is not None

    def workspace_roots(self) -> list[Path]:
        """The folders whose files the server may read: the root and every workspace folder."""
        roots = [self.root] if self.root is not None else []
        if self.has_workspace:
            roots += [Path(to_fs_path(f.uri) or "/") for f in self.workspace.folders.values()]
        # Without a workspace, the folders of the outputs the client sent stand for it.
        roots = roots or sorted(self.output_roots)
        return [root for root in dict.fromkeys(roots) if root != Path("/")]

    def roots_for(self, path: Path) -> list[Path] | None:
        """Where a watched file must lie: in the workspace when it is in it by its name (a
        symlink there must not lead out); None for a path the user's settings name outside."""
        roots = self.workspace_roots()
        named_inside = any(path.absolute().is_relative_to(root) for root in roots)
        return roots if named_inside or not roots else None

    def workspace_folders(self) -> dict[Path, str]:
        """The workspace folders, by path, with their URIs."""
        if not self.has_workspace:
            return {}
        folders = {}
        for folder in self.workspace.folders.values():
            path = to_fs_path(folder.uri)
            if path:
                folders[Path(path)] = folder.uri
        return folders

    def workspace_folder_of(self, path: Path | None) -> Path | None:
        """The workspace folder holding ``path`` (the deepest), or None."""
        if path is None:
            return None
        holding = [f for f in self.workspace_folders() if path.is_relative_to(f)]
        return max(holding, key=lambda f: len(f.parts)) if holding else None

    def folder_for(self, path: Path | None) -> Path | None:
        """The workspace folder holding ``path`` (the deepest), else the workspace root."""
        if not self.has_workspace:
            return path
        return self.workspace_folder_of(path) or self.root or path

    def new_analyzer(
        self, root: Path, cwd: Path | None = None, python: str | tuple[str, ...] | None = None
    ) -> Analyzer:
        """An analyzer for one run's output (``python``: the run's interpreter, if known): it
        reads the project's files afresh, and explains the errors with the records of the
        folder the run is in."""
        from jaxerr_ls.diagnose import Analyzer  # on the first output, not at start-up

        return Analyzer(self.catalog_for(root), root, cwd=cwd or root, python=python)

    def fixes_for(self, data: DiagnosticData) -> list[Fix]:
        """The quick fixes for a diagnostic, computed from its data and the current text."""
        if data.target is None:
            return []
        record = self.record(data.record_id, data.target.span.path)
        example = record.example_fix if record is not None else None
        from jaxerr_ls.fixes import fixes_for

        return fixes_for(data.target, self.documents.text, example)

    def load_api_docs(self) -> None:
        loaded = load_api_docs()
        for problem in loaded.problems:
            self.log_problem(f"skipped API doc: {problem}")
        self.api_docs = ApiDocs(loaded.docs)

    def jedi_python(self, path: Path | None) -> JediPython:
        """How jedi reads the packages of a file's workspace folder (where JAX is): by running
        the folder's interpreter only when ``trustWorkspaceInterpreter`` is on; else as source."""
        settings = self.settings_for(path)
        venvs = workspace_venvs(self.workspace_folder_of(path) or self.root, settings.python_path)
        trusted = settings.trust_workspace_interpreter
        key = (tuple(venvs), trusted)
        if key not in self._jedi_pythons:
            self._jedi_pythons[key] = jedi_python(venvs, trusted=trusted)
        return self._jedi_pythons[key]

    # -- sending ---------------------------------------------------------------------------

    def replace_findings(
        self,
        source: str,
        findings: list[Finding],
        scope: RunScope | None = None,
        replaces: Callable[[Finding], bool] | None = None,
        since: int | None = None,
    ) -> set[Path]:
        """Publish ``findings`` in place of what they replace (see
        ``FindingStore.replace_source``); return the files touched. ``since``, the store's
        ``clear_mark()`` taken when their analysis began: output that a Clear Diagnostics
        came after stays cleared, however late its analysis ends."""
        if since is not None and self.store.cleared_since(source, since):
            return set()
        analysed: dict[Path, Sequence[str] | None] = {}

        def analysed_lines(path: Path) -> Sequence[str] | None:
            # The text the analysis placed the findings in: the file on disk.
            if path not in analysed:
                analysed[path] = self.documents.disk_lines(path)
            return analysed[path]

        touched = self.store.replace_source(
            source,
            findings,
            analysed_lines,
            self.documents.lines,
            culprits=lambda path: self.settings_for(path).culprit_diagnostics,
            scope=scope,
            replaces=replaces,
        )
        self.publish(touched)
        return touched

    def publish(self, paths: set[Path]) -> None:
        """Send the findings of these files: pushed, or offered to a client that pulls."""
        refresh = False
        encoding = self.workspace.position_codec
        for path in sorted(paths):
            uri = from_fs_path(str(path))
            if uri is None:
                continue
            run = [
                to_diagnostic(item, self.documents.lines, encoding)
                for item in self.store.for_path(path)
            ]
            refresh |= self.send(uri, self.with_predictions(uri, run))
        if refresh:
            self.workspace_diagnostic_refresh(None)

    def send(self, uri: str, diagnostics: list[types.Diagnostic], *, pull: bool = True) -> bool:
        """Push a document's diagnostics, or keep them for a client that pulls them (``pull``);
        return whether that client must be told to pull again."""
        version = self.documents.version(uri)
        self.published[uri] = (version, diagnostics)
        self._publications += 1
        self.result_ids[uri] = str(self._publications)
        if not pull:
            self.pushed_only.add(uri)
        pulled = pull and self.features.pull_diagnostics and version is not None
        if pulled:
            # What was pushed while the file was closed must not show twice.
            diagnostics = []
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        )
        return pulled


@dataclass(frozen=True, slots=True)
class _CatalogKey:
    """What a catalog is made of: folders whose settings agree on it share one."""

    record_folders: tuple[Path, ...]
    fuzzy_threshold: float
    generated: bool
    generated_root: Path | None
    trusted: bool


async def _nothing() -> None:
    return None


def create_server() -> JaxErrServer:
    """A server with every feature registered."""
    from jaxerr_ls.server import (
        code_actions,
        diagnostics,
        explain,
        hover,
        lifecycle,
        notebooks,
        predictions,
        records,
        watching,
    )

    server = JaxErrServer()
    features = (
        lifecycle,
        diagnostics,
        hover,
        code_actions,
        watching,
        predictions,
        records,
        explain,
        notebooks,
    )
    for feature in features:
        feature.register(server)
    return server
