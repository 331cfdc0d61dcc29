"""From output to findings: parse, match each error to a record, place it in the user's code."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from jaxerr_ls.bare import (
    EarlierMessages,
    PasteHead,
    bare_message_events,
    named_class_events,
    raised_message,
)
from jaxerr_ls.culprits import Culprit, find_culprits
from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.locate import PlacedFrame, ProjectFiles, enclosing_scope, project_frames
from jaxerr_ls.matching import (
    STAGE_FUZZY,
    Match,
    MessageMatcher,
    RaisingFunctionIndex,
    confirmed_by_frames,
)
from jaxerr_ls.notebooks import Notebook, error_events
from jaxerr_ls.reruns import Rerun, rerun_for
from jaxerr_ls.runs import PytestNode
from jaxerr_ls.spans import Span
from jaxerr_ls.tracebacks import parse_blocks, parse_output, unwrapped_jax_wrapper

log = logging.getLogger(__name__)

# Exceptions that only carry context for another one; their messages explain nothing.
_CONTEXT_ONLY = (
    "JaxStackTraceBeforeTransformation",
    "UnfilteredStackTrace",
    "FilteredStackTrace",
    "SimplifiedTraceback",
)


def _wrapper_only(finding: Finding) -> bool:
    """Whether a finding is a JAX wrapper exception known by its class alone."""
    return (
        finding.exception.rsplit(".", 1)[-1] in _CONTEXT_ONLY
        and not finding.message.strip()
        and not finding.event.chain
    )


# What a summary line cut inside a class's module path leaves: a dotted name, no message.
_DOTTED_NAME_RE = re.compile(r"[A-Za-z_][\w.]*")


def _class_alone(finding: Finding) -> str | None:
    """The class a finding is known by when it has no message: as printed, or (a summary
    line cut inside a module path, ``jax._src.interpreters``, which reads as a message) the
    dotted name it has instead; None when it has a message."""
    message = finding.message.strip()
    if not message:
        return finding.exception
    if not finding.exception and _DOTTED_NAME_RE.fullmatch(message):
        return message
    return None


# The words of a record's message that may name an option of the failing call.
_WORD_RE = re.compile(r"[A-Za-z_]\w*")
_CALLED_NAME_RE = re.compile(r"([A-Za-z_]\w*)\s*\(")
# A function's definition line, as ``_find_test_definition`` looks for a test's.
_DEF_RE = re.compile(r"^\s*(?:async\s+)?def\s+(\w+)\s*\(")
# A frame in JAX's own source, as any install prints its path.
_JAX_PATH_RE = re.compile(r"(?:^|[/\\])jax[/\\]")

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Related:
    """A place in the user's code that helps explain a finding."""

    span: Span
    message: str


@dataclass(slots=True)
class Finding:
    """One error, explained (``match``) and placed (``span``) as well as the output allows.

    ``span`` is None when no frame of the error lies in the project (e.g. ``pytest --tb=no``
    output for a test outside the root); the finding is then shown at its place in the log.
    """

    event: ErrorEvent
    exception: str
    message: str
    match: Match | None
    span: Span | None
    severity: str
    related: list[Related] = field(default_factory=list)
    culprits: list[Culprit] = field(default_factory=list)
    source_name: str = "-"
    # What produced the error: the test that failed, else the script the traceback starts in.
    test: PytestNode | None = None
    script: Path | None = None
    # The command that runs again what failed, when the output tells it.
    rerun: Rerun | None = None

    @property
    def code(self) -> str:
        if self.match is not None:
            return self.match.record.code
        # A summary line cut inside the class name ("jax.errors.Concretiza...") leaves none.
        return self.exception.rsplit(".", 1)[-1] or "Exception"

    @property
    def first_line(self) -> str:
        for line in self.message.splitlines():
            if line.strip():
                return line.strip()
        return self.exception


class Analyzer:
    """Turns error events into findings for one project root."""

    def __init__(
        self,
        index: MessageMatcher,
        root: Path,
        *,
        cwd: Path | None = None,
        workspace_notebooks: bool = False,
        python: str | tuple[str, ...] | None = None,
    ) -> None:
        """``workspace_notebooks``: place a traceback's notebook-cell frames on the project's
        notebooks (spans with a ``cell``, which only a caller that shows cells can use).
        ``python``: the interpreter the run used, or the words that started it, when known
        (for running it again)."""
        self.index = index
        self.files = ProjectFiles(root)
        self.cwd = cwd
        self.workspace_notebooks = workspace_notebooks
        self.python = python
        # A long log repeats its errors (a parametrized test failing the same way, a flaky
        # test retried, the same failure in several report styles): what follows from an
        # error's message, its frames or its test is worked out once per analyzer, which
        # reads the project's files once too (``ProjectFiles``).
        self._matches: dict[tuple[str, str], Match | None] = {}
        self._placed: dict[tuple[object, ...], list[PlacedFrame]] = {}
        self._culprits: dict[tuple[object, ...], list[Culprit]] = {}
        self._reruns: dict[tuple[object, ...], Rerun | None] = {}
        self._test_nodes: dict[tuple[object, ...], PytestNode | None] = {}
        self._definitions: dict[tuple[object, ...], Span | None] = {}
        self._raised: dict[tuple[object, ...], Match | None] = {}
        # The names a printed source line calls, per distinct line: a long log prints the
        # same frames again and again, and every error's culprit key needs them.
        self._called: dict[str, tuple[str, ...]] = {}

    def analyze_lines(self, lines: Iterable[str], source_name: str = "-") -> Iterator[Finding]:
        """Findings for the errors in output given line by line (see ``analyze_events``).

        Output in which the parser finds no error at all, when it is paste-sized, is read
        for messages pasted without their exception class (see ``jaxerr_ls.bare``)."""
        head = PasteHead()
        return self._analyze_output(parse_output(head.lines(lines)), head, source_name)

    def analyze_blocks(self, blocks: Iterable[str], source_name: str = "-") -> Iterator[Finding]:
        """The same for output given as blocks of whole lines (``reading.read_blocks``), which
        is read faster."""
        head = PasteHead()
        return self._analyze_output(parse_blocks(head.blocks(blocks)), head, source_name)

    def _analyze_output(
        self, events: Iterable[ErrorEvent], head: PasteHead, source_name: str
    ) -> Iterator[Finding]:
        found = cut_cause = False
        earlier = EarlierMessages()
        # A finding with a class alone is held until the next one: if the output ends with
        # its line, the excerpt may have cut it inside its class (``_cut_at_end``).
        held: Finding | None = None
        for finding in self.analyze_events(events, source_name):
            found = True
            if held is not None:
                yield held
                held = None
            # A cause whose chain the paste cut after its separator: the error raised is
            # the next exception, which the paste does not show.
            cut_cause = finding.match is None and finding.event.chain_relation is not None
            if finding.match is None and not finding.message.strip():
                finding = self._with_raised_message(finding, head, source_name)
            if finding.match is None and finding.message == finding.event.message:
                whole = earlier.completing(finding.exception, finding.message)
                if whole is not None:
                    completed = self.analyze_event(
                        replace(finding.event, message=whole), source_name
                    )
                    finding = completed if completed.match is not None else finding
            if finding.match is None and _class_alone(finding) is not None:
                held = finding
                continue
            earlier.add(finding.exception, finding.message)
            yield finding
        if held is not None:
            last = self._cut_at_end(held, head, earlier, source_name)
            if last is not None:
                yield last
        paste = head.paste() if not found or cut_cause else None
        if paste is not None and not found:
            yield from self.analyze_events(bare_message_events(paste, self.index), source_name)
        elif paste is not None:
            # The prose around it may name that exception's class.
            yield from self.analyze_events(named_class_events(paste, self.index), source_name)

    def _cut_at_end(
        self, finding: Finding, head: PasteHead, earlier: EarlierMessages, source_name: str
    ) -> Finding | None:
        """An output's last error, without a message, when a paste ends with its line: an
        excerpt or a terminal's page may have cut that line inside its class (a summary line
        ``FAILED test.py::t - jax.errors.U``, or before it: ``FAILED tests/test_a.py``). A
        class that begins the class of exactly one earlier error (an empty one: of any) is a
        copy of that error, cut; of several errors of one class, that class; of several
        classes, nothing that can be told, and it is left out. A class that begins no earlier
        one is taken as printed."""
        paste = head.paste()
        event = finding.event
        if not paste or not event.log_end_line:
            return finding
        last = max((n for n, line in enumerate(paste, start=1) if line.strip()), default=0)
        if event.log_end_line != last:
            return finding
        cut = _class_alone(finding)
        copies = earlier.cut_class_of(cut) if cut is not None else None
        if copies is None:
            return finding
        classes = {exc_type for exc_type, _ in copies}
        if len(classes) != 1:
            return None
        # One earlier error is the one cut; of several messages of one class, the class.
        exc_type, message = copies[0] if len(copies) == 1 else (classes.pop(), "")
        return self.analyze_event(replace(event, exc_type=exc_type, message=message), source_name)

    def _with_raised_message(self, finding: Finding, head: PasteHead, source_name: str) -> Finding:
        """A paste cut before its exception's message but after the raise statement that JAX's
        frame shows (IPython's context lines): that statement's literals are the message, when
        it raises the class the traceback names and a record explains it."""
        event = finding.event
        paste = head.paste() if event.log_line else None
        # The frames the parser could not read (cut inside their source) are after its end.
        raised = raised_message(paste[event.log_line - 1 :]) if paste else None
        if raised is None or raised[0].rsplit(".", 1)[-1] != finding.exception.rsplit(".", 1)[-1]:
            return finding
        found = self._match(raised[1], event.exc_type)
        if found is None or found.stage == STAGE_FUZZY:
            return finding
        return self.analyze_event(replace(event, message=raised[1]), source_name)

    def analyze_events(
        self, events: Iterable[ErrorEvent], source_name: str = "-"
    ) -> Iterator[Finding]:
        """Findings for every error event, and for warnings that concern the project.

        A warning that no record explains and that no frame places in the project (a library's
        deprecation notice) is left out: it is not the user's error to fix. So is a JAX
        wrapper's traceback cut before its message (IPython's ``JaxStackTraceBeforeTransformation
        Traceback`` header): it only says that some error was raised, whose own line is
        elsewhere or nowhere.
        """
        for event in events:
            finding = self.analyze_event(event, source_name)
            if finding.severity == "warning" and finding.match is None and finding.span is None:
                continue
            if finding.match is None and _wrapper_only(finding):
                continue
            yield finding

    def analyze_notebook(self, notebook: Notebook, source_name: str) -> Iterator[Finding]:
        """Findings for the error outputs saved in a notebook, each placed on its frame in a
        cell of that notebook or in the project, else on the first line of its own cell."""
        for error in notebook.errors:
            for event in error_events(error):
                finding = self.analyze_event(event, source_name, notebooks=lambda: [notebook])
                if finding.span is None:
                    lines = notebook.cells[error.cell].lines
                    end = len(lines[0].rstrip()) if lines else 0
                    finding.span = Span(notebook.path, 1, 0, 1, end, cell=error.cell)
                yield finding

    def analyze_event(
        self,
        event: ErrorEvent,
        source_name: str = "-",
        notebooks: Callable[[], Sequence[Notebook]] | None = None,
    ) -> Finding:
        explained, match, member = self._best_explained(event)
        if match is None and not explained.message.strip():
            match = self._by_raising_function(event)
        base = Path(event.rootdir) if event.rootdir else self.cwd
        # The error goes where the explained exception left the user's code; when that is a
        # cause the user re-raised, its frames come first, then the rest of the chain's.
        ordered = [explained] + [
            e for e in (event, *reversed(event.chain)) if e is not explained and e is not member
        ]
        # A placing is remembered only with the project's own notebooks, the same for every
        # event (the notebooks a caller passes are its own).
        shared = notebooks is None
        if notebooks is None and self.workspace_notebooks:
            notebooks = self.files.notebooks
        by_exception = [
            self._place(exception, event.rootdir, base, notebooks, shared) for exception in ordered
        ]
        placed = [item for frames in by_exception for item in frames]
        main = next((p for p in placed if p.span is not None), None)
        span = main.span if main is not None else self._test_definition(event, base)
        # Culprits are looked for in Python files, not in notebooks.
        traceback_files = list(
            dict.fromkeys(p.path for p in placed if p.span is None or p.span.cell is None)
        )
        frames = [p.span for p in placed if p.span is not None and p.span.cell is None]
        culprits = self._find_culprits(event, match, traceback_files, frames)
        related = [Related(culprit.span, f"culprit: {culprit.description}") for culprit in culprits]
        related.extend(_frame_related(by_exception, main, self.files))
        if match is not None:
            severity = match.record.severity
        else:
            severity = "warning" if explained.exc_type.endswith("Warning") else "error"
        return Finding(
            event=event,
            exception=explained.exc_type,
            message=explained.message,
            match=match,
            span=span,
            severity=severity,
            related=related,
            culprits=culprits,
            source_name=source_name,
            test=self._test_node(event, base),
            script=self._script(event, base),
            rerun=self._rerun(event),
        )

    def _place(
        self,
        exception: ErrorEvent,
        rootdir: str | None,
        base: Path | None,
        notebooks: Callable[[], Sequence[Notebook]] | None,
        shared: bool,
    ) -> list[PlacedFrame]:
        """``project_frames`` of one exception, once per distinct frames when ``shared``
        (``base``: the folder relative paths start from, the event's ``rootdir`` or else the
        analyzer's ``cwd``)."""
        if not shared:
            return project_frames([exception], self.files, base, notebooks)
        return _remember(
            self._placed,
            (_frames_key(exception.frames), exception.rootdir or rootdir),
            lambda: project_frames([exception], self.files, base, notebooks),
        )

    def _find_culprits(
        self,
        event: ErrorEvent,
        match: Match | None,
        traceback_files: list[Path],
        frames: list[Span],
    ) -> list[Culprit]:
        if match is None:
            return []
        record = match.record
        handed = None
        if record.culprit is None:
            if record.culprit_at_call is None:
                return []
            # The argument at fault: as the record declares it, else the option its message
            # names (``prevent_cse must be a bool``), which the failing call is given.
            handed = (
                record.apis,
                record.culprit_at_call_argument,
                frozenset(_WORD_RE.findall(record.error_message)),
            )
        # Every input of ``find_culprits`` is in the key.
        called: set[str] = set()
        seen = self._called
        for exception in (event, *event.chain):
            for frame in exception.frames:
                source = frame.source
                if source:
                    names = seen.get(source)
                    if names is None:
                        names = seen[source] = tuple(_CALLED_NAME_RE.findall(source))
                    called.update(names)
        key = (
            record.culprit,
            handed,
            tuple(sorted(match.named.items())),
            tuple(traceback_files),
            frozenset(called),
            tuple(frames),
        )

        def search() -> list[Culprit]:
            try:
                return find_culprits(
                    record.culprit, match.named, self.files, traceback_files, called, frames, handed
                )
            except (Exception, RecursionError) as exc:
                # A fault of the search (code it does not expect) costs the culprit, never
                # the error's diagnostic nor the others'.
                log.warning("no culprit for %s: the search failed (%r)", record.code, exc)
                log.debug("the culprit search's failure", exc_info=True)
                return []

        found: list[Culprit] = _remember(self._culprits, key, search)
        return list(found)

    def _rerun(self, event: ErrorEvent) -> Rerun | None:
        # What a rerun depends on: the test's id and where it ran, else the frames that show
        # the script.
        script_frames = () if event.test_id else _frames_key(_first_frames(event))
        return _remember(
            self._reruns,
            (event.test_id, event.rootdir, event.python, script_frames),
            lambda: rerun_for(event, self.cwd, self.files.resolve, self.python),
        )

    def _best_explained(self, event: ErrorEvent) -> tuple[ErrorEvent, Match | None, ErrorEvent]:
        """The exception of the chain that a record explains best (the final one if none).

        JAX's wrappers explain nothing themselves, but the exception they wrap is printed in
        their message (``FilteredStackTrace: TypeError: ...``): where a paste is cut before the
        wrapped exception's own line, that is the only place its message is, so it is read
        there (as a copy of the wrapper, with the wrapper's frames: the user's code). Returns
        the exception, its match, and the chain member it was read from."""
        best: tuple[ErrorEvent, Match | None, ErrorEvent] = (event, None, event)
        # Where it was raised, for a record that owns a message only there (``raisedIn``).
        shown = tuple(
            (frame.path, frame.function) for e in (event, *event.chain) for frame in e.frames
        )
        for member in (event, *reversed(event.chain)):
            exception: ErrorEvent | None = member
            if member.exc_type.rsplit(".", 1)[-1] in _CONTEXT_ONLY:
                exception = unwrapped_jax_wrapper(member)
            if exception is None:
                continue
            found = self._match_raised(exception.message, exception.exc_type, shown)
            if found is not None:
                return exception, found, member
            found = self._match(exception.message, exception.exc_type)
            if found is not None and not confirmed_by_frames(found, (path for path, _ in shown)):
                found = None
            if found is not None and (best[1] is None or found.score > best[1].score):
                best = (exception, found, member)
        return best

    def _by_raising_function(self, event: ErrorEvent) -> Match | None:
        """For an error known only by its class, raised while handling another: the one
        message that the JAX function which caught that cause (the first frame of the cause's
        traceback) raises with the class (``KeyError`` in ``get_primitive_transpose``, then
        the ``NotImplementedError`` raised from it, cut before its message). The error's own
        last printed frame says nothing: a traceback cut before its message may be cut before
        its innermost frames too."""
        if not isinstance(self.index, RaisingFunctionIndex) or not event.chain:
            return None
        for frame in event.chain[-1].frames[:1]:
            if frame.function is not None and _JAX_PATH_RE.search(frame.path):
                return self.index.raised_by_function(frame.function, event.exc_type)
        return None

    def _match_raised(
        self, message: str, exc_type: str, shown: tuple[tuple[str, str | None], ...]
    ) -> Match | None:
        return _remember(
            self._raised,
            (message, exc_type, shown),
            lambda: self.index.match_raised(message, exc_type, shown),
        )

    def _match(self, message: str, exc_type: str) -> Match | None:
        return _remember(
            self._matches, (message, exc_type), lambda: self.index.match(message, exc_type)
        )

    def _test_node(self, event: ErrorEvent, base: Path | None) -> PytestNode | None:
        """The failed test, its file resolved onto the project."""
        return _remember(
            self._test_nodes,
            (event.test_id, event.rootdir),
            lambda: self._find_test_node(event, base),
        )

    def _find_test_node(self, event: ErrorEvent, base: Path | None) -> PytestNode | None:
        file_part, _, name = (event.test_id or "").partition("::")
        path = self.files.resolve(file_part, base) if file_part and name else None
        return PytestNode(path, name) if path is not None else None

    def _script(self, event: ErrorEvent, base: Path | None) -> Path | None:
        """The project file a traceback starts in at module level: the program that was run."""
        frames = _first_frames(event)
        if not frames or frames[0].function != "<module>":
            return None
        return self.files.resolve(frames[0].path, base)

    def _test_definition(self, event: ErrorEvent, base: Path | None) -> Span | None:
        """Where a test is defined, for errors reported with no frames (``--tb=no``)."""
        return _remember(
            self._definitions,
            (event.test_id, event.rootdir),
            lambda: self._find_test_definition(event, base),
        )

    def _find_test_definition(self, event: ErrorEvent, base: Path | None) -> Span | None:
        if not event.test_id or "::" not in event.test_id:
            return None
        file_part, *names = event.test_id.split("::")
        path = self.files.resolve(file_part, base)
        lines = self.files.lines(path) if path is not None else None
        if path is None or lines is None or not names:
            return None
        name = re.sub(r"\[.*\]$", "", names[-1])
        if name.isascii() and name.isidentifier():
            # The file's definitions are read once for all its tests.
            place = self.files.memo("definitions", path, lambda _: _definitions(lines)).get(name)
            return Span(path, place[0], place[1], place[0], place[2]) if place else None
        definition = re.compile(rf"^\s*(?:async\s+)?def\s+({re.escape(name)})\s*\(")
        for number, text in enumerate(lines, start=1):
            found = definition.match(text)
            if found is not None:
                return Span(path, number, found.start(1), number, found.end(1))
        return None


def _definitions(lines: Sequence[str]) -> dict[str, tuple[int, int, int]]:
    """Where each function of a file is first defined: line, start and end of its name (an
    ASCII name: a longer run of word characters is another name)."""
    found: dict[str, tuple[int, int, int]] = {}
    for number, text in enumerate(lines, start=1):
        if "def" in text:
            m = _DEF_RE.match(text)
            if m is not None and m[1] not in found:
                found[m[1]] = (number, m.start(1), m.end(1))
    return found


def _frame_related(
    by_exception: list[list[PlacedFrame]], main: PlacedFrame | None, files: ProjectFiles
) -> list[Related]:
    """The other frames in the user's code in call order (outermost first, the explained
    exception's first), each place once (chains repeat frames), each named by the function it
    runs in, from the file when the output did not print it."""
    seen = {(main.path, main.span.line)} if main is not None and main.span is not None else set()
    related = []
    for placed in by_exception:
        for item in reversed(placed):
            if item.span is None or (item.path, item.span.line) in seen:
                continue
            seen.add((item.path, item.span.line))
            function = item.frame.function
            if function is None:
                lines = files.lines(item.path) if item.span.cell is None else None
                function = enclosing_scope(lines or [], item.span.line)
            related.append(Related(item.span, f"traceback: in {function}"))
    return related


def _first_frames(event: ErrorEvent) -> list[Frame]:
    """The frames of the first exception of the chain that has any (where the run started)."""
    return next((e.frames for e in (event, *event.chain) if e.frames), [])


def _frames_key(frames: Sequence[Frame]) -> tuple[tuple[object, ...], ...]:
    """Frames as printed, without their place in the log: equal for the same traceback
    printed twice."""
    return tuple((f.path, f.line, f.function, f.source, f.col, f.end_col) for f in frames)


def _remember(table: dict[K, V], key: K, compute: Callable[[], V]) -> V:
    """``compute()``, or what it gave for ``key`` before."""
    if key in table:
        return table[key]
    value = table[key] = compute()
    return value
