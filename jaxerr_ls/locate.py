"""Where a diagnostic belongs: mapping printed paths onto the project and picking the user's frame.

Logs come from anywhere: this checkout, CI runners, containers, another clone. A printed path
is resolved onto the project root directly when it lies inside it, else by the longest suffix
of path components that names a file of the project (``/builds/acme/proj/model/ops.py`` ->
``<root>/model/ops.py``). Frames in libraries (site-packages, the standard library, JAX
itself) never receive a diagnostic.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TypeVar

from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.notebooks import (
    MAX_NOTEBOOK_BYTES,
    Notebook,
    NotebookCell,
    NotebookError,
    cell_execution_count,
    is_cell_path,
    read_notebook,
)
from jaxerr_ls.reading import read_source_text
from jaxerr_ls.spans import Span

T = TypeVar("T")

# Folders that hold other people's code or generated files, never the user's own.
SKIPPED_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        "node_modules",
        "__pycache__",
        "site-packages",
        "dist-packages",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        "build",
        "dist",
        ".eggs",
    }
)
MAX_INDEXED_FILES = 200_000
# Folders walked to index a root: a project has far fewer, while a root that is not one (an
# output's working folder "/" or a home folder, without a workspace) would be walked for long.
MAX_INDEXED_FOLDERS = 10_000
# Notebooks read to place a traceback's cell frames (only when a traceback has one).
MAX_NOTEBOOKS = 200
# A culprit search through the project's modules that contain a word (``.defvjp``,
# ``custom_vjp``) reads all of them up to this many, else only those beside the traceback's.
MAX_SEARCHED_FILES = 64
_LIBRARY_RE = re.compile(
    r"""(?x)
    [\\/](?:site|dist)-packages[\\/]
    | [\\/]lib(?:64)?[\\/](?:python|pypy)\d(?:\.\d+)?t?[\\/]   # CPython's and PyPy's stdlib
    | [\\/]Lib[\\/]                                         # Windows stdlib
    | [\\/]\.?venv[^\\/]*[\\/]
    | (?:^|[\\/])jax(?:lib)?[\\/]_src[\\/]                     # a JAX source checkout
    | (?:^|[\\/])_pytest[\\/] | (?:^|[\\/])pluggy[\\/]
    """
)


def is_library_path(printed: str) -> bool:
    """True for frames that are not the user's code: pseudo-files, libraries, the stdlib, JAX."""
    if not printed or printed.startswith("<") or printed.startswith("frozen "):
        return True
    return _LIBRARY_RE.search(printed) is not None


def _components(printed: str) -> tuple[str, ...]:
    if "\\" in printed and "/" not in printed:
        return tuple(p for p in PureWindowsPath(printed).parts if p not in ("\\",))
    return tuple(p for p in PurePosixPath(printed).parts if p != "/")


class ProjectFiles:
    """The project's Python files under a root, for resolving printed paths onto them."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._by_name: dict[str, list[tuple[str, ...]]] | None = None
        self._lines_cache: dict[Path, list[str] | None] = {}
        self._text_cache: dict[Path, str | None] = {}
        self._grep_cache: dict[str, list[Path]] = {}
        self._memo: dict[tuple[str, Path], object] = {}
        self._resolved: dict[tuple[str, str], Path | None] = {}
        self._notebooks: list[Notebook] | None = None

    def _index(self) -> dict[str, list[tuple[str, ...]]]:
        if self._by_name is None:
            by_name: dict[str, list[tuple[str, ...]]] = defaultdict(list)
            count = 0
            for folders, (folder, dirnames, filenames) in enumerate(os.walk(self.root), 1):
                if folders > MAX_INDEXED_FOLDERS:
                    break
                dirnames[:] = [
                    d for d in dirnames if d not in SKIPPED_DIRS and not d.endswith(".egg-info")
                ]
                relative = Path(folder).relative_to(self.root).parts
                for name in filenames:
                    if name.endswith((".py", ".pyi", ".ipynb")):
                        by_name[name].append((*relative, name))
                        count += 1
                if count >= MAX_INDEXED_FILES:
                    break
            self._by_name = dict(by_name)
        return self._by_name

    def python_files(self) -> list[Path]:
        """Every indexed Python file of the project."""
        return [
            self.root.joinpath(*relative)
            for relatives in self._index().values()
            for relative in relatives
            if relative[-1].endswith(".py")
        ]

    def notebooks(self) -> list[Notebook]:
        """The project's readable notebooks (read on first use; unreadable ones are skipped)."""
        if self._notebooks is None:
            found: list[Notebook] = []
            for relatives in self._index().values():
                for relative in relatives:
                    path = self.root.joinpath(*relative)
                    if not relative[-1].endswith(".ipynb") or len(found) >= MAX_NOTEBOOKS:
                        continue
                    try:
                        if path.stat().st_size <= MAX_NOTEBOOK_BYTES:
                            found.append(read_notebook(path))
                    except (OSError, NotebookError):
                        continue
            self._notebooks = found
        return self._notebooks

    def memo(self, kind: str, path: Path, compute: Callable[[Path], T]) -> T:
        """``compute(path)``, computed once per kind and file (files do not change mid-run)."""
        key = (kind, path)
        if key not in self._memo:
            self._memo[key] = compute(path)
        return self._memo[key]  # type: ignore[return-value]

    def files_near(self, needle: str, near: Iterable[Path]) -> list[Path]:
        """``files_containing(needle)``, or where more than ``MAX_SEARCHED_FILES`` modules
        contain it (a root that holds JAX's own sources: hundreds name ``custom_vjp``), those
        of them in the folders of the modules at ``near`` (the traceback's)."""
        found = self.files_containing(needle)
        if len(found) <= MAX_SEARCHED_FILES:
            return found
        folders = {path.parent for path in near}
        return [path for path in found if path.parent in folders]

    def files_containing(self, needle: str) -> list[Path]:
        """Python files whose text contains ``needle``; computed once per needle."""
        if needle not in self._grep_cache:
            found = []
            for path in self.python_files():
                text = self.text(path)
                if text is not None and needle in text:
                    found.append(path)
            self._grep_cache[needle] = found
        return self._grep_cache[needle]

    def contains(self, path: Path) -> bool:
        try:
            relative = path.resolve().relative_to(self.root)
        except (ValueError, OSError):
            return False
        return not any(part in SKIPPED_DIRS for part in relative.parts)

    def resolve(self, printed: str, base: str | Path | None = None) -> Path | None:
        """The project file a printed path names, or None when it is not the user's code."""
        key = (printed, str(base))
        if key not in self._resolved:
            self._resolved[key] = self._resolve(printed, base)
        return self._resolved[key]

    def _resolve(self, printed: str, base: str | Path | None) -> Path | None:
        if is_library_path(printed):
            return None
        try:
            candidate = Path(printed)
            if not candidate.is_absolute():
                candidate = Path(base or self.root) / candidate
            if candidate.is_file() and self.contains(candidate):
                return candidate.resolve()
        except (OSError, ValueError):
            pass
        return self._by_suffix(_components(printed))

    def _by_suffix(self, parts: tuple[str, ...]) -> Path | None:
        if not parts:
            return None
        candidates = self._index().get(parts[-1], [])
        best: tuple[str, ...] | None = None
        best_length = 0
        tie = False
        for relative in candidates:
            length = 0
            for mine, theirs in zip(reversed(relative), reversed(parts), strict=False):
                if mine != theirs:
                    break
                length += 1
            if length > best_length:
                best, best_length, tie = relative, length, False
            elif length == best_length:
                tie = True
        if tie and best is not None:
            # Of files that end alike, the one whose whole path (from the project's root) the
            # printed path ends with: the others' next folder contradicts it (``fixed/m.py``
            # for a printed ``.../proj/m.py`` whose file is the root's ``m.py``).
            whole = [
                r
                for r in candidates
                if len(r) < len(parts) and tuple(parts[len(parts) - len(r) :]) == r
            ]
            if len(whole) == 1 and len(whole[0]) == best_length:
                best, tie = whole[0], False
                # The root's file, printed with the folder the root is: no lone name.
                best_length += 1
        # A lone file name is only trusted when no other project file has that name.
        if best is None or tie or (best_length == 1 and len(parts) > 1 and len(candidates) > 1):
            return None
        found = self.root.joinpath(*best)
        # A symlink to a file outside the project is not the user's code here.
        return found if self.contains(found) else None

    def text(self, path: Path) -> str | None:
        """A project file's text, read once per run (only a regular file inside the root)."""
        if path not in self._text_cache:
            self._text_cache[path] = read_source_text(path, [self.root])
        return self._text_cache[path]

    def lines(self, path: Path) -> list[str] | None:
        if path not in self._lines_cache:
            text = self.text(path)
            self._lines_cache[path] = text.splitlines() if text is not None else None
        return self._lines_cache[path]

    def span_for(self, path: Path, frame: Frame) -> Span | None:
        """The range of the frame's expression in the file as it is now.

        When the file changed since the run, the printed source line is looked for nearby; a
        frame whose line can no longer be found is not placed at all rather than misplaced.
        """
        lines = self.lines(path)
        if frame.line is None:
            return None
        if lines is None:
            return Span(path, frame.line, 0, frame.line, 0)
        line = frame.line
        printed = (frame.source or "").strip()
        if printed and not _same_code(lines, line, printed):
            moved = next(
                (
                    n
                    for delta in range(1, 40)
                    for n in (line - delta, line + delta)
                    if _same_code(lines, n, printed)
                ),
                None,
            )
            if moved is None:
                return None
            line = moved
        if not 1 <= line <= len(lines):
            return None
        text = lines[line - 1]
        indent = len(text) - len(text.lstrip())
        start, end = indent, len(text.rstrip())
        if printed and frame.col is not None:
            offset = text.find(printed)
            if offset >= 0:
                start = offset + frame.col
                end = offset + (frame.end_col if frame.end_col is not None else len(printed))
        return Span(path, line, start, line, max(end, start))


_SCOPE_RE = re.compile(r"\s*(?:async\s+def|def|class)\s+([A-Za-z_]\w*)")


def enclosing_scope(lines: Sequence[str], line: int) -> str:
    """The name Python gives the frame that runs 1-based ``line``: its innermost enclosing
    ``def`` (or class body), else ``<module>``. For frames printed without their function
    (pytest's long format names none), so that each is labelled by its own function."""
    if not 1 <= line <= len(lines):
        return "<module>"
    text = lines[line - 1]
    indent = len(text) - len(text.lstrip())
    for number in range(line - 1, 0, -1):
        candidate = lines[number - 1]
        stripped = candidate.strip()
        own = len(candidate) - len(candidate.lstrip())
        if not stripped or stripped.startswith("#") or own >= indent:
            continue
        found = _SCOPE_RE.match(candidate)
        if found is not None:
            return found[1]
        indent = own
        if own == 0:
            break
    return "<module>"


def _same_code(lines: list[str], line: int, printed: str) -> bool:
    return 1 <= line <= len(lines) and lines[line - 1].strip() == printed


@dataclass(frozen=True, slots=True)
class PlacedFrame:
    """A frame of the user's code, resolved onto the project."""

    frame: Frame
    path: Path
    span: Span | None


def cell_span(frame: Frame, notebooks: Sequence[Notebook]) -> Span | None:
    """Where a frame printed in a notebook cell (``Cell In[7], line 3``) is: the cell with that
    execution count whose line shows the printed source; else the one cell whose line does; else
    the one cell with that execution count. None when that leaves no cell, or several."""
    if frame.line is None or not notebooks:
        return None
    count = cell_execution_count(frame.path)
    printed = (frame.source or "").strip()
    line = frame.line
    by_count: list[tuple[Notebook, NotebookCell]] = []
    by_source: list[tuple[Notebook, NotebookCell]] = []
    for notebook in notebooks:
        for cell in notebook.code_cells():
            if not 1 <= line <= len(cell.lines):
                continue
            same_source = bool(printed) and cell.lines[line - 1].strip() == printed
            if count is not None and cell.execution_count == count:
                if same_source:
                    return _cell_line_span(notebook, cell, line)
                by_count.append((notebook, cell))
            elif same_source:
                by_source.append((notebook, cell))
    for candidates in (by_source, by_count):
        if len(candidates) == 1:
            return _cell_line_span(*candidates[0], line)
    return None


def _cell_line_span(notebook: Notebook, cell: NotebookCell, line: int) -> Span:
    text = cell.lines[line - 1]
    start = len(text) - len(text.lstrip())
    return Span(notebook.path, line, start, line, len(text.rstrip()), cell=cell.index)


def project_frames(
    exceptions: Iterable[ErrorEvent],
    files: ProjectFiles,
    base: Path | None,
    notebooks: Callable[[], Sequence[Notebook]] | None = None,
) -> list[PlacedFrame]:
    """The frames of the given exceptions that are the user's code, each innermost first.

    A frame printed in a notebook cell is placed on that cell of the notebooks ``notebooks``
    gives (called only when such a frame is met; e.g. ``files.notebooks``), else left out."""
    placed: list[PlacedFrame] = []
    for exception in exceptions:
        for frame in reversed(exception.frames):
            if is_cell_path(frame.path):
                span = cell_span(frame, notebooks()) if notebooks is not None else None
                if span is not None:
                    placed.append(PlacedFrame(frame, span.path, span))
                continue
            path = files.resolve(frame.path, exception.rootdir or base)
            if path is not None:
                placed.append(PlacedFrame(frame, path, files.span_for(path, frame)))
    return placed
