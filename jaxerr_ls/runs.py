"""What a run covered: the tests and scripts a command line ran, and which of them a finding is.

A passing run clears the errors of what it ran, whichever command ran it before: ``pytest``,
``python -m pytest tests/test_ops.py``, the test's own node id, or ``python main.py`` for a
script. Coverage is decided on meaning (same test, same file), never on the command's text.
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path, PurePath

_ENV_ASSIGNMENT_RE = re.compile(r"[A-Za-z_]\w*=")
_PYTHON_RE = re.compile(r"python(?:\d+(?:\.\d+)?)?t?(?:\.exe)?$|pypy\d*(?:\.\d+)?$")
_PYTEST_PROGRAMS = ("pytest", "py.test", "pytest.exe")
# Launchers that run the rest of the command line as it is.
_WRAPPERS = {"time", "nice", "exec", "env", "command", "nohup"}
_RUNNERS = {("uv", "run"), ("poetry", "run"), ("pipenv", "run"), ("pdm", "run"), ("hatch", "run")}
# pytest options whose value is the next word (an option with "=" carries its own).
_PYTEST_VALUE_OPTIONS = frozenset(
    [
        "-k",
        "-m",
        "-p",
        "-c",
        "-o",
        "-W",
        "-n",
        "-r",
        "--tb",
        "--maxfail",
        "--rootdir",
        "--deselect",
        "--ignore",
        "--ignore-glob",
        "--basetemp",
        "--durations",
        "--junitxml",
        "--junit-xml",
        "--log-level",
        "--log-file",
        "--cov",
        "--cov-report",
        "--confcutdir",
        "--import-mode",
        "--capture",
        "--dist",
        "--jaxerr-report",
        "--override-ini",
    ]
)
# pytest options that pick some of the named tests: the run speaks for the tests it reports only.
_PYTEST_SELECTING = (
    *("-k", "-m", "--lf", "--last-failed", "--ff", "--sw", "--stepwise", "--deselect"),
)
_PYTHON_VALUE_OPTIONS = frozenset({"-W", "-X", "-Q"})


@dataclass(frozen=True, slots=True)
class PytestSelector:
    """Tests a run named: every test under ``path`` (a folder or a file), or only those whose
    node name within the file starts with ``name`` (``test_x`` picks ``test_x[1]`` too)."""

    path: Path
    name: str | None = None

    def covers_file(self, path: Path) -> bool:
        """Whether the run collected the file ``path`` itself (``pytest main.py``); a folder
        says nothing about a script in it, which pytest does not collect by its name."""
        return self.name is None and path == self.path

    def covers(self, test: PytestNode) -> bool:
        if test.path != self.path and self.path not in test.path.parents:
            return False
        if self.name is None:
            return True
        return test.name == self.name or test.name.startswith((self.name + "[", self.name + "::"))


@dataclass(frozen=True, slots=True)
class PytestNode:
    """A test as an absolute file and its name within the file (``TestX::test_y[2]``)."""

    path: Path
    name: str


@dataclass(frozen=True, slots=True)
class RunScope:
    """What one command ran: the tests it selected and the scripts it ran. ``command`` is the
    command line itself, which covers what an earlier run of the same line produced."""

    command: str
    tests: tuple[PytestSelector, ...] = ()
    scripts: frozenset[Path] = frozenset()

    def covers(self, origin: Origin) -> bool:
        """Whether this run ran again what produced ``origin``: the same test, or the same
        file (a script run as a program or collected by pytest), or the same command line."""
        if origin.command is not None and origin.command == self.command:
            return True
        test, script = origin.test, origin.script
        if test is not None:
            return test.path in self.scripts or any(s.covers(test) for s in self.tests)
        if script is None:
            return False
        return script in self.scripts or any(s.covers_file(script) for s in self.tests)


@dataclass(frozen=True, slots=True)
class Origin:
    """What produced a finding: a test, else a script, and the command line that ran it."""

    test: PytestNode | None = None
    script: Path | None = None
    command: str | None = None

    @property
    def key(self) -> PytestNode | Path | None:
        """Findings with the same key come from the same test or script: a newer one replaces
        an older one whichever input brought them."""
        return self.test if self.test is not None else self.script


# A finding whose test, script and command are all unknown.
UNKNOWN_ORIGIN = Origin()


def _absolute(printed: str, base: Path) -> Path:
    path = Path(os.path.expanduser(printed))
    return (path if path.is_absolute() else base / path).resolve()


def _split_launch(command: str) -> tuple[list[str], list[str]]:
    """``command``'s words split where its program starts: what launches it (environment
    assignments, launchers such as ``time`` or ``env``, runners such as ``uv run``), then the
    program and its arguments; both empty when it does not split as a shell would."""
    try:
        words = shlex.split(command, posix=os.name != "nt")
    except ValueError:
        return [], []
    start = 0
    while start < len(words):
        if _ENV_ASSIGNMENT_RE.match(words[start]) or words[start] in _WRAPPERS:
            start += 1
        elif tuple(words[start : start + 2]) in _RUNNERS:
            start += 2
        else:
            break
    return words[:start], words[start:]


def _words(command: str) -> list[str]:
    return _split_launch(command)[1]


def _pytest_scope(command: str, args: list[str], cwd: Path) -> RunScope:
    selectors: list[PytestSelector] = []
    skip_next = False
    selecting = False
    for word in args:
        if skip_next:
            skip_next = False
            continue
        if word.startswith("-"):
            name = word.split("=", 1)[0]
            selecting = selecting or name in _PYTEST_SELECTING
            skip_next = "=" not in word and name in _PYTEST_VALUE_OPTIONS
            continue
        file_part, _, test_name = word.partition("::")
        selectors.append(PytestSelector(_absolute(file_part, cwd), test_name or None))
    if selecting:
        # Some tests of the named ones were left out: which ones, the command does not say.
        return RunScope(command)
    return RunScope(command, tuple(selectors) or (PytestSelector(cwd),))


def run_scope(command: str, cwd: Path) -> RunScope:
    """The tests and scripts that ``command`` (a shell command line run in ``cwd``) ran.

    Understood: ``pytest ARGS``, ``python -m pytest ARGS``, ``python SCRIPT.py``, with
    environment assignments and launchers (``uv run``, ``time``) in front. Anything else covers
    only its own earlier runs (``command``).
    """
    words = _words(command)
    if not words:
        return RunScope(command)
    program = PurePath(words[0]).name
    if program in _PYTEST_PROGRAMS:
        return _pytest_scope(command, words[1:], cwd)
    if not _PYTHON_RE.match(program):
        return RunScope(command)
    rest = words[1:]
    while rest and rest[0].startswith("-"):
        option = rest[0]
        if option == "-m":
            if len(rest) > 1 and rest[1] == "pytest":
                return _pytest_scope(command, rest[2:], cwd)
            return RunScope(command)
        if option == "-c":
            return RunScope(command)
        rest = rest[2:] if option in _PYTHON_VALUE_OPTIONS else rest[1:]
    if rest and rest[0].endswith(".py"):
        return RunScope(command, scripts=frozenset({_absolute(rest[0], cwd)}))
    return RunScope(command)


def python_launcher(command: str, cwd: Path) -> tuple[str, ...] | None:
    """The words of ``command`` (run in ``cwd``) that start its Python, to run something else
    the same way: ``/work/.venv/bin/python``, ``env PYTHONPATH=. python3.12``, ``uv run
    python``; for a pytest program, the ``python`` beside it in its environment's folder (or
    ``uv run python`` for ``uv run pytest``). None when the command ran no Python this can
    tell (a bare ``pytest``, a shell script): the caller falls back to its own guess."""
    launch, words = _split_launch(command)
    # Runners (``uv run``) and environment assignments are kept; launchers (``time``) are not.
    prefix = [word for word in launch if word not in _WRAPPERS]
    assignments = any(_ENV_ASSIGNMENT_RE.match(word) or word == "env" for word in launch)
    runner = any(tuple(launch[i : i + 2]) in _RUNNERS for i in range(len(launch)))
    if not words:
        return None
    program = words[0]
    name = PurePath(program).name
    if _PYTHON_RE.match(name):
        python = program
    elif name in _PYTEST_PROGRAMS:
        beside = PurePath(program).parent / "python"
        if program != name and _absolute(str(beside), cwd).exists():
            python = str(beside)
        elif runner:
            python = "python"
        else:
            return None
    else:
        return None
    # Assignments must reach the interpreter without a shell: through env.
    return (*(["env"] if assignments else []), *prefix, python)


def origin_of(test: PytestNode | None, script: Path | None, scope: RunScope | None) -> Origin:
    """What produced a finding: its test, else its script (the traceback's, else the one script
    the run ran), with the run's command line."""
    command = scope.command if scope is not None else None
    if test is not None:
        return Origin(test=test, command=command)
    if script is None and scope is not None and len(scope.scripts) == 1:
        script = next(iter(scope.scripts))
    return Origin(script=script, command=command)
