"""The server object: settings, the record catalog, analyzers and published findings."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from jaxerr_ls import __version__
from jaxerr_ls.apidocs import ApiDocs, load_api_docs
from jaxerr_ls.catalog import Catalog, generated_for_root
from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.environments import JediPython, jedi_python, workspace_venvs
from jaxerr_ls.fixes import Fix, fixes_for
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
        self.settings = Settings()
        self.catalog = Catalog.load()
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
        """Take settings from the client's JSON; report bad values and keep the defaults."""
        self.settings, problems = settings_from(raw, base)
        for problem in problems:
            self.show_problem(problem)
        self.load_records()
        self.lint_settings_changed()

    def load_records(self) -> None:
        """A new catalog for the current settings; the generated set loads in the background
        (a first build takes seconds), while the curated records serve."""
        folders: list[Path | str] = []
        for folder in self.settings.record_paths:
            path = Path(folder).expanduser()
            if not path.is_absolute() and self.root is not None:
                path = self.root / path
            folders.append(path)
        generated = (
            generated_for_root(self.root, self.settings.trust_workspace_interpreter)
            if self.settings.generated_records
            else None
        )
        catalog = Catalog.load(
            folders, fuzzy_threshold=self.settings.fuzzy_threshold, generated=generated
        )
        for problem in catalog.problems:
            self.log_problem(f"skipped record: {problem}")
        self.catalog = catalog
        if generated is not None:
            self.analysis_pool.submit(self._load_generated, catalog)

    def _load_generated(self, catalog: Catalog) -> None:
        try:
            catalog.load_generated()
        except Exception:  # a broken JAX install: the curated records still serve
            log.exception("the generated records could not be loaded")
        for problem in catalog.generated_problems:
            log.info("skipped generated record: %s", problem)

    def record(self, record_id: str | None) -> Record | None:
        return self.catalog.record(record_id)

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

    def folder_for(self, path: Path | None) -> Path | None:
        """The workspace folder holding ``path`` (the deepest), else the workspace root."""
        if not self.has_workspace:
            return path
        folders = [Path(to_fs_path(f.uri) or "") for f in self.workspace.folders.values()]
        if path is not None:
            holding = [f for f in folders if f != Path() and path.is_relative_to(f)]
            if holding:
                return max(holding, key=lambda f: len(f.parts))
        return self.root or path

    def new_analyzer(self, root: Path, cwd: Path | None = None) -> Analyzer:
        """An analyzer for one run's output: it reads the project's files afresh."""
        return Analyzer(self.catalog, root, cwd=cwd or root)

    def fixes_for(self, data: DiagnosticData) -> list[Fix]:
        """The quick fixes for a diagnostic, computed from its data and the current text."""
        if data.target is None:
            return []
        record = self.record(data.record_id)
        example = record.example_fix if record is not None else None
        return fixes_for(data.target, self.documents.text, example)

    def load_api_docs(self) -> None:
        loaded = load_api_docs()
        for problem in loaded.problems:
            self.log_problem(f"skipped API doc: {problem}")
        self.api_docs = ApiDocs(loaded.docs)

    def jedi_python(self) -> JediPython:
        """How jedi reads the workspace's packages (where JAX is): by running the workspace's
        interpreter only when ``trustWorkspaceInterpreter`` is on; else read as source."""
        venvs = workspace_venvs(self.root, self.settings.python_path)
        trusted = self.settings.trust_workspace_interpreter
        key = (tuple(venvs), trusted)
        if key not in self._jedi_pythons:
            self._jedi_pythons[key] = jedi_python(venvs, trusted=trusted)
        return self._jedi_pythons[key]

    # -- sending ---------------------------------------------------------------------------

    def replace_findings(
        self, source: str, findings: list[Finding], scope: RunScope | None = None
    ) -> set[Path]:
        """Publish ``findings`` in place of what they replace (see
        ``FindingStore.replace_source``); return the files touched."""
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
            culprits=self.settings.culprit_diagnostics,
            scope=scope,
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


async def _nothing() -> None:
    return None


def create_server() -> JaxErrServer:
    """A server with every feature registered."""
    from jaxerr_ls.server import (
        code_actions,
        diagnostics,
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
        notebooks,
    )
    for feature in features:
        feature.register(server)
    return server
