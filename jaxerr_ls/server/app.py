"""The server object: settings, records, analyzers and published findings, and how they are sent."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from jaxerr_ls import __version__
from jaxerr_ls.apidocs import ApiDocs, api_doc_markdown, api_doc_plaintext, load_api_docs
from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.environments import JediPython, jedi_python, workspace_venvs
from jaxerr_ls.fixes import Fix, FixTarget, TextEdit, fixes_for
from jaxerr_ls.hover import api_at
from jaxerr_ls.matching import LayeredIndex, MessageMatcher, RecordIndex
from jaxerr_ls.reading import inside, read_source_text
from jaxerr_ls.records import LoadResult, Record, bundled_record_dir, load_records
from jaxerr_ls.server.convert import to_diagnostic, to_uri
from jaxerr_ls.server.protocol import JaxErrProtocol
from jaxerr_ls.settings import Settings, settings_from
from jaxerr_ls.tracking import FindingStore

log = logging.getLogger(__name__)


class JaxErrServer(LanguageServer):
    """jaxerr-ls: state shared by the feature modules, which stay thin."""

    def __init__(self) -> None:
        super().__init__(
            "jaxerr-ls",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=JaxErrProtocol,
        )
        self.settings = Settings()
        self.records: list[Record] = []
        self.records_by_id: dict[str, Record] = {}
        self.index: MessageMatcher = RecordIndex([])
        self.store = FindingStore()
        # One thread analyses output, one run at a time, so the event loop keeps answering
        # hovers while a large log is read.
        self.analysis_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxerr-analysis")
        # Set by the watching feature: restarts watching after a settings change.
        self.restart_watching: Callable[[], None] = lambda: None
        # What each open document was last sent, for pull requests and for code actions that
        # must only apply to the version they were computed for.
        self.published: dict[str, tuple[int | None, list[types.Diagnostic]]] = {}
        self.output_roots: set[Path] = set()
        self.pull_mode = False
        self._pending_generated: asyncio.Future[None] | None = None
        self.markup = types.MarkupKind.Markdown
        self.api_docs = ApiDocs([])
        self._jedi_pythons: dict[tuple[tuple[Path, ...], bool], JediPython] = {}
        # jedi may take a second on first use: hovers run off the event loop, one at a time.
        self.hover_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxerr-hover")

    # -- configuration ---------------------------------------------------------------------

    def apply_settings(self, raw: object, *, base: Settings | None = None) -> None:
        """Take settings from the client's JSON; report bad values and keep the defaults."""
        self.settings, problems = settings_from(raw, base)
        for problem in problems:
            self.show_problem(problem)
        self.load_records()

    def load_records(self) -> None:
        folders: list[Path | str] = [bundled_record_dir()]
        for folder in self.settings.record_paths:
            path = Path(folder).expanduser()
            if not path.is_absolute() and self.root is not None:
                path = self.root / path
            folders.append(path)
        loaded = load_records(folders)
        for problem in loaded.problems:
            self.show_problem(f"skipped record: {problem}")
        curated = RecordIndex(loaded.records, fuzzy_threshold=self.settings.fuzzy_threshold)
        self._use_records(loaded.records, curated)
        if self.settings.generated_records:
            self._pending_generated = asyncio.ensure_future(self._add_generated(loaded, curated))

    async def _add_generated(self, loaded: LoadResult, curated: RecordIndex) -> None:
        """Add the records generated from the workspace's JAX (a first build takes seconds,
        so it runs in the analysis thread; until it is done the curated records serve).
        Curated records keep precedence: the generated ones answer only what they miss."""
        from jaxerr_ls.generated import generated_set

        threshold = self.settings.fuzzy_threshold
        trusted = self.settings.trust_workspace_interpreter

        def build() -> tuple[list[Record], LayeredIndex] | None:
            extra = generated_set(loaded.records, self.root, trust_interpreter=trusted)
            if extra is None:
                return None
            second = RecordIndex(extra.records, fuzzy_threshold=threshold)
            return [*loaded.records, *extra.records], LayeredIndex(curated, second)

        loop = asyncio.get_running_loop()
        built = await loop.run_in_executor(self.analysis_pool, build)
        if built is not None:
            self._use_records(*built)

    def _use_records(self, records: list[Record], index: MessageMatcher) -> None:
        self.records, self.index = records, index
        self.records_by_id = {record.id: record for record in records}

    def show_problem(self, message: str) -> None:
        log.warning(message)
        self.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Warning, message=f"jaxerr-ls: {message}")
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
        return Analyzer(self.index, root, cwd=cwd or root)

    def uri_of(self, path: Path) -> str:
        return to_uri(path)

    @property
    def resolves_edits(self) -> bool:
        """Whether the client resolves a code action's edit lazily (codeAction/resolve)."""
        text_document = self.client_capabilities.text_document
        code_action = text_document.code_action if text_document else None
        support = code_action.resolve_support if code_action else None
        return support is not None and "edit" in support.properties

    def record_link(self, data: dict[str, Any]) -> str | None:
        record = self.records_by_id.get(str(data.get("recordId")))
        return record.github_url if record is not None else None

    def fixes_for(self, data: dict[str, Any]) -> list[Fix]:
        """The quick fixes for a diagnostic, computed from its data and the current text."""
        try:
            target = FixTarget.from_json(data.get("target"))
        except ValueError:
            return []  # a diagnostic from another version of the server, or a client's edit
        record = self.records_by_id.get(str(data.get("recordId")))
        return fixes_for(target, self.current_text, record.example_fix if record else None)

    def current_text(self, path: str) -> str | None:
        """A file's text as the user sees it: the open document, else the file on disk."""
        if inside(Path(path), self.workspace_roots()) is None:
            return None  # a client's diagnostic data naming a file out of the workspace
        uri = to_uri(Path(path))
        if uri in self.workspace.text_documents:
            return self.workspace.get_text_document(uri).source
        return read_source_text(Path(path), self.workspace_roots())

    def merge_fixes(self, fixes: list[Fix]) -> Fix | None:
        """One fix doing every fix of ``fixes`` that overlaps none taken before it."""
        taken: list[TextEdit] = []
        for fix in fixes:
            if not any(_overlap(edit, other) for edit in fix.edits for other in taken):
                taken.extend(fix.edits)
        if not taken:
            return None
        return Fix(title="Fix all", code="jaxerr", edits=tuple(taken))

    def current_lines(self, path: Path) -> Sequence[str] | None:
        """A file's lines as the user sees them: the open document, else the file on disk."""
        uri = from_fs_path(str(path))
        if uri is not None and uri in self.workspace.text_documents:
            return self.workspace.get_text_document(uri).lines
        text = read_source_text(path, self.workspace_roots())
        return None if text is None else text.splitlines()

    def load_api_docs(self) -> None:
        loaded = load_api_docs()
        for problem in loaded.problems:
            self.show_problem(f"skipped API doc: {problem}")
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

    def api_hover(self, uri: str, position: types.Position, markdown: bool) -> str | None:
        """The docs of the JAX autodiff API at a position, rendered, or None."""
        if uri not in self.workspace.text_documents:
            return None
        document = self.workspace.get_text_document(uri)
        where = self.workspace.position_codec.position_from_client_units(document.lines, position)
        python = self.jedi_python()
        hit = api_at(
            document.source,
            where.line,
            where.character,
            path=document.path,
            docs=self.api_docs,
            environment=python.environment,
            site_packages=python.site_packages,
            project_root=str(self.root) if self.root is not None else None,
        )
        if hit is None:
            return None
        if markdown:
            return api_doc_markdown(hit.doc, self.records)
        return api_doc_plaintext(hit.doc, self.records)

    # -- sending ---------------------------------------------------------------------------

    def replace_findings(self, source: str, findings: list[Finding]) -> set[Path]:
        """Make ``findings`` the source's published findings; return the files touched."""
        analysed: dict[Path, Sequence[str] | None] = {}

        def analysed_lines(path: Path) -> Sequence[str] | None:
            # The text the analysis placed the findings in: the file on disk.
            if path not in analysed:
                text = read_source_text(path, self.workspace_roots())
                analysed[path] = None if text is None else text.splitlines()
            return analysed[path]

        touched = self.store.replace_source(
            source,
            findings,
            analysed_lines,
            self.current_lines,
            culprits=self.settings.culprit_diagnostics,
        )
        self.publish(touched)
        return touched

    def publish(self, paths: set[Path]) -> None:
        """Send the findings of these files: pushed, or offered to a client that pulls."""
        refresh = False
        for path in sorted(paths):
            uri = from_fs_path(str(path))
            if uri is None:
                continue
            diagnostics = [to_diagnostic(item) for item in self.store.for_path(path)]
            is_open = uri in self.workspace.text_documents
            version = self.workspace.get_text_document(uri).version if is_open else None
            self.published[uri] = (version, diagnostics)
            if self.pull_mode and is_open:
                refresh = True
                # What was pushed while the file was closed must not show twice.
                diagnostics = []
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
            )
        if refresh:
            self.workspace_diagnostic_refresh(None)


def _overlap(first: TextEdit, second: TextEdit) -> bool:
    if first.path != second.path:
        return False
    return (first.line, first.col) < (second.end_line, second.end_col) and (
        second.line,
        second.col,
    ) < (first.end_line, first.end_col)


def create_server() -> JaxErrServer:
    """A server with every feature registered."""
    from jaxerr_ls.server import code_actions, diagnostics, hover, lifecycle, watching

    server = JaxErrServer()
    for feature in (lifecycle, diagnostics, hover, code_actions, watching):
        feature.register(server)
    return server
