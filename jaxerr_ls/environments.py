"""Which Python packages a workspace uses, found on disk without running its interpreter."""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jedi.api.environment import Environment

log = logging.getLogger(__name__)

WORKSPACE_VENVS = (".venv", "venv")


def venv_site_packages(venv: Path) -> list[Path]:
    """A virtualenv's site-packages folders, newest Python first, read from its layout."""
    found = sorted(venv.glob("lib/python3*/site-packages"), reverse=True)
    found += sorted(venv.glob("lib64/python3*/site-packages"), reverse=True)
    windows = venv / "Lib" / "site-packages"
    if windows.is_dir():
        found.append(windows)
    return found


def venv_of(python: Path) -> Path:
    """The virtualenv a ``.../bin/python`` belongs to; a folder names itself."""
    if python.name.startswith("python") and python.parent.name in ("bin", "Scripts"):
        return python.parent.parent
    return python


def workspace_venvs(root: Path | None, python_path: str = "") -> list[Path]:
    """Where the workspace's packages may be: the ``pythonPath`` setting's virtualenv, then
    the root's ``.venv`` and ``venv``."""
    found = [venv_of(Path(python_path).expanduser())] if python_path else []
    if root is not None:
        found += [root / name for name in WORKSPACE_VENVS]
    return [venv for venv in found if venv.is_dir()]


@dataclass(frozen=True, slots=True)
class JediPython:
    """What jedi reads a workspace's packages with: an environment (an interpreter jedi runs)
    and site-packages folders to search first, whose Python source is only parsed."""

    environment: Environment | None
    site_packages: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def own_environment() -> Environment | None:
    """The server's own interpreter as a jedi environment (never the workspace's)."""
    import jedi

    try:
        return jedi.create_environment(sys.executable, safe=False)
    except Exception:  # an embedded interpreter jedi cannot run: jedi's default then
        log.warning("jedi cannot use %s; hover resolves from source alone", sys.executable)
        return None


def jedi_python(venvs: list[Path], *, trusted: bool) -> JediPython:
    """How jedi sees the first usable virtualenv of ``venvs``.

    Trusted: jedi runs that virtualenv's interpreter (it asks it for its ``sys.path``).
    Otherwise nothing of the workspace runs: jedi uses the server's own interpreter and reads
    the virtualenv's site-packages as source (jedi only imports compiled modules from the
    interpreter's own paths, so a workspace's extension modules are never loaded).
    """
    import jedi

    for venv in venvs:
        if trusted:
            try:
                return JediPython(jedi.create_environment(str(venv), safe=False))
            except Exception:  # not a Python jedi can use: the next candidate
                continue
        site_packages = venv_site_packages(venv)
        if site_packages:
            return JediPython(own_environment(), tuple(str(p) for p in site_packages))
    return JediPython(own_environment() if not trusted else None)
