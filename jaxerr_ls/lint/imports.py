"""The project's other modules as lint sees them from the file it checks: read and modelled on
demand, so that a transform given a function imported from the project (``from losses import
loss``, ``vae.negative_elbo``) is checked against that function's own source.

Reading goes through the caller's ``read`` (the server's safe reader of workspace files, the
command line's reader of regular files under its root): nothing outside it is opened.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from jaxerr_ls.project import Importer, ModuleModel, build, module_files
from jaxerr_ls.reading import read_source_text

# A module larger than this is not read to resolve an import (a generated table, a vendored
# library): its functions stay unknown, and lint silent about them.
MAX_MODULE_BYTES = 2_000_000
Reader = Callable[[Path], "str | None"]


class ProjectModules:
    """Models of the project's modules, parsed once per text, and their texts."""

    def __init__(self, read: Reader, root: Path | None) -> None:
        self.read = read
        self.root = root
        self._models: dict[Path, tuple[str, ModuleModel | None]] = {}
        self._places: dict[int, tuple[Path, str]] = {}
        # The text of every module the last analyses read, to tell when a result is stale.
        self.read_texts: dict[Path, str | None] = {}

    def importer(self, here: Path) -> Importer:
        """Imports as seen from the module at ``here``: beside it first, then from the root."""
        bases = [here.parent]
        if self.root is not None and self.root != here.parent:
            bases.append(self.root)

        def load(module: str) -> ModuleModel | None:
            for candidate in module_files(module, bases):
                if candidate == here:
                    return None  # the module itself: its own model resolves its names
                text = self.read(candidate)
                self.read_texts[candidate] = text
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
        self.read_texts[path] = text
        return self._model(path, text)

    def place(self, model: ModuleModel) -> tuple[Path, str] | None:
        """The path and text of a model this loader made."""
        return self._places.get(id(model))

    def unchanged(self) -> bool:
        """Whether every module the analyses so far read still reads the same."""
        return all(self.read(path) == text for path, text in self.read_texts.items())


def file_reader(*roots: Path) -> Reader:
    """Regular files under one of the ``roots`` (symlinks resolved), of bounded size."""
    return partial(read_source_text, roots=[root.resolve() for root in roots])
