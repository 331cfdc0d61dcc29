"""Predicted errors as you type: ``jaxerr-ls lint``'s checks on each open document, debounced and
run off the event loop, published beside the errors of runs (and merged with them: a run that
raises the predicted error shows one diagnostic, not two)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import to_fs_path
from pygls.workspace import PositionCodec

from jaxerr_ls.payload import DiagnosticData, from_json, to_json
from jaxerr_ls.records import Record
from jaxerr_ls.server.app import JaxErrServer
from jaxerr_ls.server.convert import SOURCE, to_range, to_uri

if TYPE_CHECKING:
    from jaxerr_ls.lint import Prediction
    from jaxerr_ls.lint.imports import ProjectModules
    from jaxerr_ls.lint.incremental import IncrementalLinter

# Typing pauses shorter than this do not start a new analysis.
DEBOUNCE_SECONDS = 0.3
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}


def prediction_diagnostic(
    prediction: Prediction,
    path: Path,
    lines: Sequence[str],
    record: Record | None,
    codec: PositionCodec,
    culprit_lines: Sequence[str] | None = None,
) -> types.Diagnostic:
    """A prediction as a diagnostic that says it is one (message, and the role ``predicted``).
    ``culprit_lines`` are those of the culprit's module when that is another one."""
    from jaxerr_ls.lint import fix_target

    target = fix_target(prediction)
    message = f"{prediction.message} (predicted before the run)"
    if record is not None:
        message = f"{message}\n{record.summary}"
    related = None
    culprit = prediction.culprit
    if culprit is not None:
        elsewhere = culprit.path != prediction.span.path
        where = types.Location(
            uri=to_uri(culprit.path if elsewhere else path),
            range=to_range(culprit, (culprit_lines or []) if elsewhere else lines, codec),
        )
        related = [
            types.DiagnosticRelatedInformation(
                location=where, message=f"culprit: {prediction.culprit_description}"
            )
        ]
    description = None
    if record is not None and record.github_url:
        description = types.CodeDescription(href=record.github_url)
    data = DiagnosticData(
        record_id=record.id if record is not None else None, role="predicted", target=target
    )
    return types.Diagnostic(
        range=to_range(target.span, lines, codec),
        message=message,
        severity=_SEVERITY.get(prediction.severity, types.DiagnosticSeverity.Warning),
        code=prediction.code,
        code_description=description,
        source=SOURCE,
        related_information=related,
        data=to_json(data),
    )


def merge(
    run: list[types.Diagnostic],
    predicted: Sequence[tuple[Prediction, types.Diagnostic]],
    uri: str,
    lines: Sequence[str],
) -> list[types.Diagnostic]:
    """The run's diagnostics of the document ``uri``, then each prediction that none of them
    reports (``raised_by_run``: the same record, met on the lines the run shows in the document:
    where it surfaced, its culprits, its traceback's frames; by the subject's name only where
    the run names no culprit)."""
    from jaxerr_ls.lint import raised_by_run

    shown = []
    for diagnostic in run:
        places = {diagnostic.range.start.line + 1}
        places.update(
            r.location.range.start.line + 1
            for r in diagnostic.related_information or ()
            if r.location.uri == uri
        )
        data = from_json(diagnostic.data)
        named = data is not None and data.target is not None and bool(data.target.culprits)
        shown.append((str(diagnostic.code), places, not named))
    kept = [
        diagnostic
        for prediction, diagnostic in predicted
        if not any(
            raised_by_run(prediction, code, places, lines, by_subject)
            for code, places, by_subject in shown
        )
    ]
    return [*run, *kept]


def register(server: JaxErrServer) -> None:
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxerr-lint")
    timers: dict[str, asyncio.TimerHandle] = {}
    # Each document's predictions, with their diagnostics.
    predicted: dict[str, list[tuple[Prediction, types.Diagnostic]]] = {}
    # Each open document's parsed statements and the predictions of each group of them, reused
    # by the next analysis where the edit did not reach them (only the pool's one thread
    # touches them).
    linters: dict[str, IncrementalLinter] = {}
    # The project's modules as lint reads them, one per workspace folder, shared by the
    # folder's documents (only the pool's one thread touches them).
    project_modules: dict[Path | None, ProjectModules] = {}
    # The JAX version of each (folder, pythonPath), None where none is installed.
    jax_versions: dict[tuple[Path | None, str], str | None] = {}

    def document_changed(uri: str) -> None:
        """Analyse the document once typing pauses (each change restarts the wait), and the
        open documents that import functions from it."""
        fs_path = to_fs_path(uri)
        changed = None if fs_path is None else Path(fs_path)
        # Documents whose analysis read the module, or searched the project for calls of a
        # function or subclasses of a class (the edit may have added one).
        importers = [
            other
            for other, linter in linters.items()
            if other != uri and (changed in linter.read.texts or linter.read.searches)
        ]
        if changed is not None and changed.suffix == ".py" and server.has_workspace:
            # Indexed again on the pool's thread, where the analyses read the index.
            pool.submit(modules_for(changed).touched, changed)
        for each in (uri, *importers):
            schedule(each)

    def modules_for(path: Path) -> ProjectModules:
        """The project's modules of the workspace folder holding ``path``."""
        from jaxerr_ls.lint.imports import ProjectModules

        folder = server.folder_for(path)
        modules = project_modules.get(folder)
        if modules is None:
            modules = project_modules[folder] = ProjectModules(server.documents.text, folder)
        return modules

    def schedule(uri: str) -> None:
        previous = timers.pop(uri, None)
        if previous is not None:
            previous.cancel()
        loop = asyncio.get_running_loop()
        timers[uri] = loop.call_later(DEBOUNCE_SECONDS, lambda: asyncio.ensure_future(analyse(uri)))

    async def analyse(uri: str) -> None:
        timers.pop(uri, None)
        fs_path = to_fs_path(uri)
        if fs_path is None or not fs_path.endswith((".py", ".pyi")):
            return
        path = Path(fs_path)
        await server.settings_ready()
        folder_settings = server.settings_for(path)
        settings = folder_settings.lint
        is_open = uri in server.workspace.text_documents
        if not (is_open and settings.enabled):
            linters.pop(uri, None)
            if predicted.pop(uri, None) is not None:
                server.publish({path})
            return
        document = server.workspace.get_text_document(uri)
        version, source = document.version, document.source
        # The checks are imported on the first document linted, not when the server starts.
        from jaxerr_ls.lint import source_lines
        from jaxerr_ls.lint.config import enabled_codes
        from jaxerr_ls.lint.incremental import IncrementalLinter

        enabled, _ = enabled_codes(settings.select, settings.ignore)
        linter = linters.get(uri)
        if linter is None:
            # Functions the document imports from the workspace are read as the user sees
            # them (open buffers first), through the server's one reader of workspace files.
            linter = linters[uri] = IncrementalLinter(modules_for(path))
        loop = asyncio.get_running_loop()
        # The JAX the file's folder uses, read from disk once per folder and interpreter
        # setting: the predictions name the records that release raises.
        where = (server.folder_for(path), folder_settings.python_path)
        if where not in jax_versions:
            from jaxerr_ls.lint import installed_jax_version

            jax_versions[where] = await loop.run_in_executor(pool, installed_jax_version, *where)
        lint = partial(linter.lint, jax_version=jax_versions[where])
        result = await loop.run_in_executor(pool, lint, source, enabled, path)
        if uri not in server.workspace.text_documents:
            return
        if server.workspace.get_text_document(uri).version != version:
            return  # a newer edit has its own analysis coming
        lines = source_lines(source)
        codec = server.workspace.position_codec
        predicted[uri] = [
            (
                p,
                prediction_diagnostic(
                    p, path, lines, server.record(p.code, path), codec, _culprit_lines(p)
                ),
            )
            for p in result.predictions
        ]
        server.publish({path})

    def _culprit_lines(prediction: Prediction) -> Sequence[str] | None:
        culprit = prediction.culprit
        if culprit is None or culprit.path == prediction.span.path:
            return None
        return server.documents.lines(culprit.path)

    def with_predictions(uri: str, run: list[types.Diagnostic]) -> list[types.Diagnostic]:
        pairs = predicted.get(uri, [])
        if not pairs or not run:
            return [*run, *(diagnostic for _, diagnostic in pairs)]
        path = pairs[0][0].span.path
        # The run's related locations name files as the run's diagnostics do.
        return merge(run, pairs, to_uri(path), server.documents.lines(path) or [])

    def settings_changed() -> None:
        jax_versions.clear()
        if not server.has_workspace:
            return
        for uri in [*predicted, *server.workspace.text_documents]:
            document_changed(uri)

    server.document_changed = document_changed
    server.with_predictions = with_predictions
    server.lint_settings_changed = settings_changed
