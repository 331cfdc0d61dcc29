"""The project's other modules as lint sees them from the file it checks: read and modelled on
demand, so that a transform given a function imported from the project (``from losses import
loss``, ``vae.negative_elbo``) is checked against that function's own source.

Reading goes through the caller's ``read`` (the server's safe reader of workspace files, the
command line's reader of regular files under its root): nothing outside it is opened.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from jaxerr_ls.lint.files import TooManyFolders, listed_under, python_files
from jaxerr_ls.project import Importer, ModuleModel, Scope, build, module_files
from jaxerr_ls.reading import read_source_text

# A module larger than this is not read to resolve an import (a generated table, a vendored
# library): its functions stay unknown, and lint silent about them.
MAX_MODULE_BYTES = 2_000_000
Reader = Callable[[Path], "str | None"]
# A project with more Python files (or folders) than these is not searched for a function's
# callers in other modules (``ProjectModules.callers``), nor is a name more than
# ``MAX_CALLER_MODULES`` modules call (``apply``, ``f``: a caller is then rarely the only one).
MAX_CALLER_FILES = 2_000
MAX_CALLER_FOLDERS = 5_000
MAX_CALLER_MODULES = 20
_CALLED = re.compile(r"(\w+)\s*\(")
_CLASS_BASES = re.compile(r"^[ \t]*class\s+\w+\s*\(([^)]*)\)", re.M)
_WORD = re.compile(r"\w+")


@dataclass
class Reads:
    """What analyses read of the project: each module's text, and each search for callers or
    subclasses (kind, name, the module asking) with the modules it found."""

    texts: dict[Path, str | None] = field(default_factory=dict)
    searches: dict[tuple[str, str, Path], tuple[Path, ...]] = field(default_factory=dict)

    def update(self, other: Reads) -> None:
        self.texts.update(other.texts)
        self.searches.update(other.searches)


class ProjectModules:
    """Models of the project's modules, parsed once per text, and their texts."""

    def __init__(self, read: Reader, root: Path | None) -> None:
        self.read = read
        self.root = root
        self._models: dict[Path, tuple[str, ModuleModel | None]] = {}
        self._places: dict[int, tuple[Path, str]] = {}
        # What the analysis under way read, for its caller to tell later (``stale``) whether
        # its result still holds; None when nobody asks.
        self.recorded: Reads | None = None
        self._files: list[Path] | None = None
        self._calling: dict[str, list[Path]] | None = None
        self._bases: dict[str, list[Path]] | None = None
        # The words each indexed file contributed to ``_calling`` and ``_bases``.
        self._words: dict[Path, tuple[set[str], set[str]]] = {}
        # More files than a search for callers reads: none is indexed, then or later.
        self._too_many = False
        # Each indexed file's place in the listing (candidates come in that order).
        self._order: dict[Path, int] = {}
        # Modules the editor told of before the index was made, listed or not.
        self._touched: list[Path] = []

    def callers(self, here: Path, name: str) -> list[tuple[Path, ModuleModel, ast.Call, Scope]]:
        """The calls, in the project's modules other than ``here``, of the function ``name``
        that the module at ``here`` defines at its top level: ``make_update(loss, 0.1)`` after
        ``from training import make_update``, ``training.make_update(...)``. Empty where the
        project's files are not known (no root, more than ``MAX_CALLER_FILES``) or more than
        ``MAX_CALLER_MODULES`` of them call something of that name."""
        here = here.absolute()
        candidates = self._candidates("call", name, here)
        if len(candidates) > MAX_CALLER_MODULES:
            return []
        out = []
        for path, model in self._models_of(candidates):
            for call, scope in model.calls:
                func = call.func
                last = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if last == name and self._names(path, model, func, scope, here, name):
                    out.append((path, model, call, scope))
        return out

    def subclasses(self, here: Path, name: str) -> list[tuple[Path, ModuleModel, ast.ClassDef]]:
        """The classes, in the project's modules other than ``here``, with a base that is the
        class ``name`` the module at ``here`` defines at its top level (``class Arrhenius(
        ElementwiseRate)`` after ``from rate_base import ElementwiseRate``). Empty where the
        project's files are not known or more than ``MAX_CALLER_MODULES`` of them name it as a
        base."""
        here = here.absolute()
        candidates = self._candidates("base", name, here)
        if len(candidates) > MAX_CALLER_MODULES:
            return []
        out = []
        for path, model in self._models_of(candidates):
            for node, scope in model.classes.items():
                for base in node.bases:
                    if self._names(
                        path, model, base, scope.parent or model.module_scope, here, name
                    ):
                        out.append((path, model, node))
                        break
        return out

    def _models_of(self, paths: Sequence[Path]) -> list[tuple[Path, ModuleModel]]:
        out = []
        for path in paths:
            text = self.read(path)
            self._saw(path, text)
            if text is None:
                continue
            model = self._model(path, text)
            if model is not None:
                out.append((path, model))
        return out

    def _names(
        self, path: Path, model: ModuleModel, expr: ast.expr, scope: Scope, here: Path, name: str
    ) -> bool:
        """Whether ``expr``, read in ``scope`` of the module at ``path``, names ``name`` of the
        module at ``here`` through an import."""
        qualified = model.qualified_name(expr, scope)
        module, _, last = (qualified or "").rpartition(".")
        if last != name or not module:
            return False
        return any(c.absolute() == here for c in module_files(module, self._import_bases(path)))

    def _saw(self, path: Path, text: str | None) -> None:
        if self.recorded is not None:
            self.recorded.texts[path] = text

    def _candidates(self, kind: str, name: str, here: Path) -> tuple[Path, ...]:
        """``_found``, recorded for the analysis under way."""
        out = self._found(kind, name, here)
        if self.recorded is not None:
            self.recorded.searches[(kind, name, here)] = out
        return out

    def _found(self, kind: str, name: str, here: Path) -> tuple[Path, ...]:
        """The indexed files other than ``here`` that call ``name`` (``kind`` "call") or name it
        among a class's bases ("base"), in the order of the project's files."""
        calling, bases = self._indexed()
        found = (calling if kind == "call" else bases).get(name, ())
        order = self._order
        return tuple(sorted((p for p in found if p != here), key=lambda p: order.get(p, 0)))

    def _indexed(self) -> tuple[dict[str, list[Path]], dict[str, list[Path]]]:
        """The project's Python files under the root by each name they call (a word followed
        by an opening parenthesis) and by each name a class of theirs has among its bases,
        read once, then kept up to date file by file (``touched``)."""
        if self._calling is None or self._bases is None:
            self._calling, self._bases, self._words = {}, {}, {}
            files = self._project_files()
            self._order = {path: index for index, path in enumerate(files)}
            for path in files:
                self._index(path, self.read(path))
        return self._calling, self._bases

    def _index(self, path: Path, text: str | None) -> None:
        """Index one file's words (replacing what it contributed before)."""
        assert self._calling is not None and self._bases is not None
        called, bases = self._words.pop(path, (set(), set()))
        for index, words in ((self._calling, called), (self._bases, bases)):
            for word in words:
                paths = index.get(word)
                if paths is not None and path in paths:
                    paths.remove(path)
        if text is None or len(text) > MAX_MODULE_BYTES:
            return
        called = set(_CALLED.findall(text))
        bases = {w for found in _CLASS_BASES.findall(text) for w in _WORD.findall(found)}
        for word in called:
            self._calling.setdefault(word, []).append(path)
        for word in bases:
            self._bases.setdefault(word, []).append(path)
        self._words[path] = (called, bases)

    def touched(self, path: Path) -> None:
        """A module of the project was edited, opened or saved (perhaps new): its words are
        indexed again from its text as ``read`` gives it now, so that a call added there is
        found by the next search for callers."""
        if self._too_many or self.root is None:
            return
        path = path.absolute()
        if self._calling is None:
            # Not indexed yet: the index will read it as it is then (a module not saved yet
            # too, which the listing of the folders does not find).
            if path not in self._touched and listed_under(self.root, path):
                self._touched.append(path)
            return
        if path not in self._order:
            files = self._project_files()
            if not listed_under(self.root, path) or len(files) >= MAX_CALLER_FILES:
                return
            self._order[path] = len(files)
            files.append(path)
        self._index(path, self.read(path))

    def stale(self, reads: Reads) -> bool:
        """Whether what an analysis read has changed: a module that no longer reads the same
        (indexed again), or a search for callers or subclasses that now finds other modules
        (one that calls the function was added or edited: ``touched``)."""
        now = {path: self.read(path) for path in reads.texts}
        changed = [path for path, text in reads.texts.items() if now[path] != text]
        for path in changed:
            if self._calling is not None and path in self._words:
                self._index(path, now[path])
        return bool(changed) or any(
            self._found(kind, name, here) != found
            for (kind, name, here), found in reads.searches.items()
        )

    def _project_files(self) -> list[Path]:
        """The Python files under the root, listed once (with the modules ``touched`` told of
        before); a file added later is in it once ``touched`` tells of it."""
        if self._files is None:
            self._files = []
            if self.root is not None:
                found = []
                try:
                    for path in python_files([self.root], max_folders=MAX_CALLER_FOLDERS):
                        found.append(path.absolute())
                        if len(found) > MAX_CALLER_FILES:
                            raise TooManyFolders(self.root)
                except TooManyFolders:
                    found = []
                    self._too_many = True
                if not self._too_many:
                    listed = set(found)
                    found += [p for p in self._touched if p not in listed]
                    if len(found) > MAX_CALLER_FILES:
                        found, self._too_many = [], True
                self._touched = []
                self._files = found
        return self._files

    def _import_bases(self, here: Path) -> list[Path]:
        """Where the module at ``here`` finds what it imports: beside it, then at the root."""
        if self.root is not None and self.root != here.parent:
            return [here.parent, self.root]
        return [here.parent]

    def importer(self, here: Path) -> Importer:
        """Imports as seen from the module at ``here``: beside it first, then from the root."""
        bases = self._import_bases(here)

        def load(module: str) -> ModuleModel | None:
            for candidate in module_files(module, bases):
                if candidate == here:
                    return None  # the module itself: its own model resolves its names
                text = self.read(candidate)
                self._saw(candidate, text)
                if text is not None:
                    return self._model(candidate, text)
            return None

        return load

    def _model(self, path: Path, text: str) -> ModuleModel | None:
        kept = self._models.get(path)
        if kept is not None and kept[0] == text:
            return kept[1]
        if kept is not None and kept[1] is not None:
            # The module's old model is let go: its id may be another object's next.
            self._places.pop(id(kept[1]), None)
        model = build(text) if len(text) <= MAX_MODULE_BYTES else None
        self._models[path] = (text, model)
        if model is not None:
            self._places[id(model)] = (path, text)
        return model

    def model_of(self, path: Path, text: str) -> ModuleModel | None:
        """The model of the module at ``path`` with ``text`` (built once per text), for a
        reader that has the text already (the value flow's ``lint.flow.LintFiles``)."""
        self._saw(path, text)
        return self._model(path, text)

    def place(self, model: ModuleModel) -> tuple[Path, str] | None:
        """The path and text of a model this loader made."""
        return self._places.get(id(model))


def file_reader(*roots: Path) -> Reader:
    """Regular files under one of the ``roots`` (symlinks resolved), of bounded size."""
    return partial(read_source_text, roots=[root.resolve() for root in roots])
