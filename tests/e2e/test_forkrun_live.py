"""The fork runner (tests/forkrun.py) gives what a fresh ``python SCRIPT`` gives: the same exit
code and the same output, tracebacks included, for trigger scripts under each JAX version and
for the interpreter's own edges (exit codes, signals, shutdown, ``__main__``)."""

from __future__ import annotations

import re
import subprocess
import textwrap
from pathlib import Path

import pytest

from tests import forkrun
from tests.e2e.support import ENVIRONMENTS, interpreter
from tests.triggers import (
    MAIN_VERSION,
    PROJECT,
    copy_project,
    curated,
    example_fixed,
    record_triggers,
    run_env,
    run_python,
    run_script,
)

# Scripts whose output has the shapes JAX prints: a filtered traceback with JAX's note, a
# chain through JaxStackTraceBeforeTransformation (the stack JAX captured while tracing), a
# program that prints before it fails, and errors raised in the project's modules.
SAMPLE = ("callback_io_grad", "hijax_accum_shape", "hijax_prim_no_jvp", "custom_vjp_bwd_shape")


def comparable(output: str) -> str:
    """Output with what differs between two real runs of one program made equal: the
    addresses of objects in reprs."""
    return re.sub(r"0x[0-9a-f]+", "0x...", output)


def assert_same_run(
    forked: subprocess.CompletedProcess[str], real: subprocess.CompletedProcess[str]
) -> None:
    assert comparable(forked.stdout) == comparable(real.stdout)
    assert forked.returncode == real.returncode


@pytest.mark.parametrize("version", list(ENVIRONMENTS))
@pytest.mark.parametrize("name", SAMPLE)
def test_a_trigger_script_forked_prints_what_a_real_run_prints(name: str, version: str) -> None:
    # The real run without the compilation cache the tests share; the forked ones with it,
    # twice: the second loads every computation it compiles from the cache (the first wrote
    # what was not there yet), and both print what the real run printed.
    python = interpreter(version)
    script = [f"scripts/{name}.py"]
    assert forkrun.runner(python, run_env(PROJECT)).accepts(script, PROJECT, run_env(PROJECT))
    uncached = {k: v for k, v in run_env(PROJECT).items() if k not in forkrun.COMPILATION_CACHE}
    real = subprocess.run(
        [str(python), *script],
        cwd=PROJECT,
        env=uncached,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    assert real.returncode == 1 and "Traceback (most recent call last):" in real.stdout
    for _ in range(2):
        assert_same_run(run_script(python, PROJECT, name, forked=True), real)


def test_unfiltered_tracebacks_forked_are_the_real_ones() -> None:
    # JAX_TRACEBACK_FILTERING is read as JAX is imported: such runs get a runner of their own.
    python = interpreter(MAIN_VERSION)
    args = ["scripts/hijax_accum_shape.py"]
    env = {"JAX_TRACEBACK_FILTERING": "off"}
    real = run_python(python, PROJECT, args, env=env)
    assert "jax/_src/" in real.stdout
    assert_same_run(run_python(python, PROJECT, args, env=env, forked=True), real)


def test_a_fixed_script_in_a_copied_project_forked_runs_as_a_real_run(tmp_path: Path) -> None:
    # Another project (its own model/ on PYTHONPATH) after runs in the fixture project.
    python = interpreter(MAIN_VERSION)
    record = next(r for r in curated() if r.code == "custom-vjp-bwd-args-mismatch")
    [trigger, *_] = record_triggers(record.code)
    assert record.example_fix
    project = copy_project(tmp_path / "project")
    changed, text = example_fixed(trigger.name, record.example_fix)
    (project / changed).write_text(text)
    run_script(python, PROJECT, trigger.name, forked=True)
    script = [f"scripts/{trigger.name}.py"]
    assert forkrun.runner(python, run_env(PROJECT)).accepts(script, project, run_env(project))
    real = run_script(python, project, trigger.name)
    assert real.returncode == 0
    assert_same_run(run_script(python, project, trigger.name, forked=True), real)


# Programs for what the interpreter does around a script: what ``__main__`` holds, exit codes,
# output to both streams in order, shutdown, signals, syntax errors and chained exceptions.
EDGES = {
    "main_module": """
        import os, sys
        print(sorted((k, type(v).__name__) for k, v in globals().items() if k not in ("os", "sys")))
        print(__name__, __file__, __package__, __spec__, __cached__, __loader__.name)
        print(sys.argv, os.getcwd(), sys.path[:2], os.environ["PYTHONPATH"])
        print(sys.stdin.read() == "", sys.stdout.isatty(), sys.stdout.line_buffering)
        """,
    "exit_code": "import sys\nprint('out')\nsys.exit(3)\n",
    "exit_message": "import sys\nsys.exit('gave up')\n",
    "streams": """
        import sys
        print("first, buffered")
        print("second, to stderr", file=sys.stderr)
        sys.stdout.write("no newline")
        """,
    "shutdown": """
        import atexit, threading
        atexit.register(print, "atexit ran")
        def late():
            # The main thread ends when the interpreter shuts down, after printing the
            # traceback: a sleep instead raced the traceback on a loaded machine.
            threading.main_thread().join()
            print("thread joined")
        threading.Thread(target=late).start()
        raise RuntimeError("after the thread started")
        """,
    # A script's folder comes first on sys.path: its signal.py is the `signal` module (which
    # the runner imported already, so such a script is run by a fresh interpreter).
    "signal": "import signal\nprint(signal.__file__)\n",
    "killed": """
        import os, signal
        print("before", flush=True)
        os.kill(os.getpid(), signal.SIGTERM)
        """,
    "syntax": "x = (1,\nprint(x\n",
    "chained": """
        def inner():
            return {}["key"]
        try:
            inner()
        except KeyError as exc:
            raise ValueError("wrapped") from exc
        """,
    "warning": "import warnings\nwarnings.warn('careful', UserWarning)\nprint('went on')\n",
}


@pytest.mark.parametrize("name", list(EDGES))
def test_the_interpreters_edges_forked_are_the_real_ones(name: str, tmp_path: Path) -> None:
    python = interpreter(MAIN_VERSION)
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / f"{name}.py").write_text(textwrap.dedent(EDGES[name]).lstrip())
    real = run_script(python, tmp_path, name)
    assert_same_run(run_script(python, tmp_path, name, forked=True), real)


# ``python -c`` and ``python -m`` (a module, pytest) as the interpreter runs them: what
# ``__main__`` and sys.path hold, runpy's frames in a traceback, JAX's filtering of them, the
# command's own lines in its traceback (Python 3.13 shows them, 3.11 does not), stderr apart.
_MODULE = """
import os, sys
print(sorted((k, type(v).__name__) for k, v in globals().items() if k not in ("os", "sys")))
print(__name__, __file__, __package__, __spec__, __cached__, __loader__)
print(sys.argv, sys.path[0] == os.getcwd(), sys.path[1], os.environ["PYTHONPATH"])
print("to stderr", file=sys.stderr)
import jax.numpy as jnp
print(jnp.ones(3) @ jnp.ones(2))
"""
_TEST = "import jax\n\ndef test_grad():\n    assert jax.grad(lambda x: x * x)(3.0) == 5.0\n"
_COMMAND = (
    "import sys; print(sys.argv, repr(sys.path[0]), sorted(globals()), __loader__, __spec__)\n"
    "print('to stderr', file=sys.stderr)\n"
    "import jax\n"
    "jax.grad(lambda x: x)(1)\n"
)
COMMANDS = {
    "command": ["-c", _COMMAND, "an argument"],
    "command_exit": ["-c", "import sys; print('out'); sys.exit(4)"],
    "command_syntax": ["-c", "x = (1,"],
    "module": ["-m", "shown", "an argument"],
    "module_missing": ["-m", "not_a_module"],
    "pytest": ["-m", "pytest", "-p", "no:cacheprovider", "test_shown.py"],
}


@pytest.mark.parametrize("separate", [True, False], ids=["apart", "together"])
@pytest.mark.parametrize("version", list(ENVIRONMENTS))
@pytest.mark.parametrize("name", list(COMMANDS))
def test_commands_and_modules_forked_are_the_real_ones(
    name: str, version: str, separate: bool, tmp_path: Path
) -> None:
    python = interpreter(version)
    (tmp_path / "shown.py").write_text(_MODULE)
    (tmp_path / "test_shown.py").write_text(_TEST)
    argv, env = COMMANDS[name], run_env(tmp_path)
    assert forkrun.runner(python, env).accepts(argv, tmp_path, env)
    real = subprocess.run(
        [str(python), *argv],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if separate else subprocess.STDOUT,
        text=True,
        check=False,
    )
    assert real.returncode != 0 and real.stdout + (real.stderr or "")
    forked = forkrun.run(python, argv, tmp_path, env, separate=separate)
    # pytest's summary says how long the session took (and is centred in a line of "=").
    timeless = re.compile(r"=+ (.*) in [\d.]+s\b.*=+")
    assert timeless.sub(r"\1", comparable(forked.stdout)) == timeless.sub(
        r"\1", comparable(real.stdout)
    )
    assert comparable(forked.stderr or "") == comparable(real.stderr or "")
    assert forked.returncode == real.returncode
