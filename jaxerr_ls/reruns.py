"""The command that runs again what failed: a pytest node id, a script, or a module run with -m."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePath

from jaxerr_ls.events import ErrorEvent, Frame

# When the run's interpreter is unknown: the one the user's shell finds.
DEFAULT_PYTHON = "python"
# The frames Python puts above a module run with ``python -m``: ``<frozen runpy>`` since 3.11,
# the standard library's ``runpy.py`` before.
_RUNPY_MAIN = "_run_module_as_main"

# A printed path, and the folder a relative one is relative to -> the project file it names
# (None: not the user's code).
Resolve = Callable[[str, Path], Path | None]


@dataclass(frozen=True, slots=True)
class Rerun:
    """A command to run in ``cwd``; ``label`` names what it runs (a test id, a script)."""

    argv: tuple[str, ...]
    cwd: Path
    label: str


def rerun_for(
    event: ErrorEvent,
    cwd: Path | None,
    resolve: Resolve,
    python: str | tuple[str, ...] | None = None,
) -> Rerun | None:
    """How to run again what raised ``event``: its pytest test when it has a node id, else the
    script (or module) whose ``<module>`` frame starts its traceback; None when neither is
    known or the file is not in the project. ``cwd`` is where the run ran (pytest's rootdir
    from the output wins when it exists here); ``python`` the run's interpreter, if known, or
    the words that started it (``("env", "PYTHONPATH=.", ".venv/bin/python")``, from the
    command line that ran it: see ``runs.python_launcher``); else the interpreter the output
    names, else ``python``."""
    given = (python,) if isinstance(python, str) else python
    interpreter = given or ((event.python,) if event.python else (DEFAULT_PYTHON,))
    if event.test_id:
        return _test_rerun(event, cwd, resolve, interpreter)
    if cwd is None:
        return None
    frames = next((e.frames for e in (event, *event.chain) if e.frames), [])
    return _script_rerun(frames, cwd.resolve(), resolve, interpreter)


def _test_rerun(
    event: ErrorEvent, cwd: Path | None, resolve: Resolve, python: tuple[str, ...]
) -> Rerun | None:
    rootdir = Path(event.rootdir) if event.rootdir else None
    bases = [base.resolve() for base in (rootdir, cwd) if base is not None]
    if not bases:
        return None
    file_part, separator, name = (event.test_id or "").partition("::")
    found = resolve(file_part, bases[0])
    # pytest's rootdir when the test lies in it here, else where the output was produced (a
    # rootdir printed on another machine, CI's, is not this one).
    base = next((b for b in bases if found is not None and found.is_relative_to(b)), None)
    if found is None or base is None:
        return None
    node_id = found.relative_to(base).as_posix() + separator + name
    return Rerun((*python, "-m", "pytest", node_id), base, node_id)


def _script_rerun(
    frames: list[Frame], cwd: Path, resolve: Resolve, python: tuple[str, ...]
) -> Rerun | None:
    index = next((n for n, f in enumerate(frames) if f.function == "<module>"), None)
    if index is None:
        return None
    above = frames[:index]
    as_module = any(f.function == _RUNPY_MAIN and _is_runpy(f.path) for f in above)
    # Anything else above the module's frame (pytest, IPython, exec) is not a script run.
    if any(not _is_runpy(f.path) for f in above):
        return None
    script = resolve(frames[index].path, cwd)
    if script is None or script.suffix != ".py":
        return None
    if as_module:
        if not script.is_relative_to(cwd):
            return None
        parts = list(script.relative_to(cwd).with_suffix("").parts)
        if parts and parts[-1] == "__main__":
            parts.pop()
        if not parts or not all(part.isidentifier() for part in parts):
            return None
        module = ".".join(parts)
        return Rerun((*python, "-m", module), cwd, f"python -m {module}")
    shown = script.relative_to(cwd).as_posix() if script.is_relative_to(cwd) else str(script)
    return Rerun((*python, shown), cwd, shown)


def _is_runpy(printed: str) -> bool:
    return printed == "<frozen runpy>" or PurePath(printed.replace("\\", "/")).name == "runpy.py"
