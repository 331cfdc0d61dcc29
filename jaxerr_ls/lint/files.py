"""Which Python files a lint run reads: the files named, and the ``.py`` files under the folders
named, minus what ``.gitignore`` files and the usual excludes leave out."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

import pathspec

from jaxerr_ls.locate import SKIPPED_DIRS

# Never the user's own code: the folders that placing errors skips too.
EXCLUDED_DIRS = SKIPPED_DIRS


def _read_ignore(folder: Path) -> pathspec.GitIgnoreSpec | None:
    ignore = folder / ".gitignore"
    try:
        text = ignore.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return pathspec.GitIgnoreSpec.from_lines(text.splitlines())


def _ignored(path: Path, is_dir: bool, specs: list[tuple[Path, pathspec.GitIgnoreSpec]]) -> bool:
    """Whether the nearest ``.gitignore`` files leave ``path`` out (a deeper file may re-include
    what a higher one excludes, as in git)."""
    verdict = False
    for base, spec in specs:
        relative = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        result = spec.check_file(relative)
        if result.include is not None:
            verdict = result.include
    return verdict


def _gitignores_above(folder: Path) -> list[tuple[Path, pathspec.GitIgnoreSpec]]:
    """The ``.gitignore`` files of the folders above ``folder``, up to its repository's root."""
    found = []
    for parent in folder.parents:
        spec = _read_ignore(parent)
        if spec is not None:
            found.append((parent, spec))
        if (parent / ".git").exists():
            break
    return list(reversed(found))


def _root_specs(root: Path) -> list[tuple[Path, pathspec.GitIgnoreSpec]]:
    """The ``.gitignore`` files above a folder named to lint, none where they leave the folder
    itself out (a folder named on the command line is linted even where git ignores it)."""
    above = _gitignores_above(root)
    return [] if above and _ignored(root, True, above) else above


def _excluded(folder: str) -> bool:
    """A folder never walked, whatever ``.gitignore`` says."""
    return folder in EXCLUDED_DIRS or folder.endswith(".egg-info")


class TooManyFolders(Exception):
    """``python_files`` was asked to look in fewer folders than the tree holds."""


def python_files(paths: Iterable[Path], max_folders: int | None = None) -> Iterator[Path]:
    """Each file named (whatever its name), then each ``.py`` file under each folder named, in a
    stable order; every file once. Raises ``TooManyFolders`` on entering a folder past
    ``max_folders`` (None: no limit)."""
    seen: set[Path] = set()
    folders = 0
    for given in paths:
        if given.is_file():
            resolved = given.resolve()
            if resolved not in seen:
                seen.add(resolved)
                yield given
            continue
        if not given.is_dir():
            continue
        root = given.resolve()
        specs_at: dict[Path, list[tuple[Path, pathspec.GitIgnoreSpec]]] = {}
        above = _root_specs(root)
        for folder, dirs, files in os.walk(root):
            folders += 1
            if max_folders is not None and folders > max_folders:
                raise TooManyFolders(root)
            here = Path(folder)
            specs = specs_at.get(here.parent, above) if here != root else above
            own = _read_ignore(here)
            if own is not None:
                specs = [*specs, (here, own)]
            specs_at[here] = specs
            dirs[:] = sorted(
                d for d in dirs if not _excluded(d) and not _ignored(here / d, True, specs)
            )
            for name in sorted(files):
                path = here / name
                if not name.endswith(".py") or _ignored(path, False, specs):
                    continue
                if path not in seen:
                    seen.add(path)
                    yield given / path.relative_to(root)


def listed_under(root: Path, path: Path) -> bool:
    """Whether ``python_files([root])`` lists the ``.py`` file at ``path`` (without walking the
    tree): under the root, in no excluded folder, not left out by a ``.gitignore``."""
    root, path = root.resolve(), path.resolve()
    if not path.name.endswith(".py") or not path.is_relative_to(root) or path == root:
        return False
    folders = path.relative_to(root).parts[:-1]
    if any(_excluded(d) for d in folders):
        return False
    specs = _root_specs(root)
    here = root
    for name in (None, *folders):
        if name is not None:
            if _ignored(here / name, True, specs):
                return False
            here = here / name
        own = _read_ignore(here)
        if own is not None:
            specs = [*specs, (here, own)]
    return not _ignored(path, False, specs)
