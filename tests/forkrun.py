"""Runs Python scripts as ``python SCRIPT`` would, from one process that imported JAX once.

Importing JAX costs one to two seconds of CPU, and the live tests run the fixture project's
scripts hundreds of times. So a runner process per Python (per JAX version) imports JAX, and
for each script forks a child that sets up what a fresh interpreter running the script has
(``__main__`` from the script's file, ``sys.argv``, ``sys.path`` with the script's folder and
``PYTHONPATH`` first, the working directory, the environment, stdout and stderr into one file
or two, stdin empty) and exits with the code the interpreter would give, after the
interpreter's own shutdown (threads joined, ``atexit`` handlers, streams flushed).
``python -c CODE`` and ``python -m MODULE`` are run as the interpreter runs them too
(``sys.path[0]`` the empty string or the working directory, ``__main__`` as each makes it).
The fork happens before JAX starts a backend (JAX starts its thread pools then; it warns on a
fork after that), so each child starts its own. tests/e2e/test_forkrun_live.py checks outputs
against real runs.

This file is also the runner's program (run by the Python under test, which may be an older
one without jaxerr_ls): the standard library only, and nothing from the tests.
"""

from __future__ import annotations

import atexit
import json
import locale
import os
import select
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType, TracebackType
from typing import IO, Any

# Modules every trigger imports first, and whose import is most of a short run's cost. Only
# what a script imports anyway, so that a child has nothing a real run would lack or add.
PRELOAD = ("jax", "jax.numpy")
# What may differ between a runner's start and a script's run (the rest of the environment is
# read at start-up, by Python or by JAX's configuration, so it must be the same).
PER_RUN = ("PYTHONPATH",)
# JAX's persistent compilation cache, shared by every JAX program the tests run: compiling is
# most of a short program's CPU time (the fixture project's programs all compile the same
# data set-up), and a program that loads what another compiled prints the same output, which
# tests/e2e/test_forkrun_live.py checks against runs without the cache. Every entry is written
# (no minimum compile time or size); a size limit makes JAX lock the folder (with `filelock`),
# so that programs run at once (xdist workers) never read an entry another is still writing.
COMPILATION_CACHE = {
    "JAX_COMPILATION_CACHE_DIR": str(
        Path(__file__).resolve().parents[1] / ".jaxerr-test-cache" / "xla"
    ),
    "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",
    "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "0",
    "JAX_COMPILATION_CACHE_MAX_SIZE": str(4 << 30),
}


def _strip_runner_frames(tb: TracebackType | None, code: object) -> TracebackType | None:
    while tb is not None and tb.tb_frame.f_code is not code:
        tb = tb.tb_next
    return tb


def _hide_from_jax(path: str) -> None:
    """JAX prints the stacks it captured while tracing (``JaxStackTraceBeforeTransformation``,
    the whole stack when filtering is on) without the frames of its own files; this file's
    frames, above the script's in a child, are left out the same way, as a real run has none."""
    try:
        from jax._src import source_info_util, traceback_util
    except ImportError:
        return
    traceback_util.register_exclusion(path)
    source_info_util.register_exclusion(path)


def _run_child(request: dict[str, Any], base_path: list[str]) -> int:
    """In the forked child: run the script (or ``-c`` / ``-m``) as ``__main__``; the exit code
    a real run gives."""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    out = os.open(request["output"], flags, 0o600)
    err = os.open(request["errors"], flags, 0o600) if request.get("errors") else out
    os.dup2(out, 1)
    os.dup2(err, 2)
    os.close(out)
    if err != out:
        os.close(err)
    os.close(null)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    argv = request["argv"]
    path = os.path.abspath(argv[0])
    # What the interpreter puts first on sys.path: the script's folder, or for ``-c`` the
    # empty string, for ``-m`` the working directory.
    first = {"-c": "", "-m": os.getcwd()}.get(argv[0], os.path.dirname(path))
    pythonpath = [p for p in request["env"].get("PYTHONPATH", "").split(os.pathsep) if p]
    sys.path[:] = [first, *(os.path.abspath(p) for p in pythonpath), *base_path]
    sys.path_importer_cache.clear()
    import importlib

    importlib.invalidate_caches()
    if argv[0] == "-c":
        sys.argv[:] = ["-c", *argv[2:]]
        return _run_command(argv[1])
    if argv[0] == "-m":
        # runpy puts the module's file in sys.argv[0], as the interpreter's -m does.
        sys.argv[:] = ["-m", *argv[2:]]
        return _run_module(argv[1])
    sys.argv[:] = argv
    import importlib.machinery

    main = _fresh_main()
    main.__dict__.update(__file__=path, __cached__=None)
    main.__loader__ = importlib.machinery.SourceFileLoader("__main__", path)
    with open(path, "rb") as source:
        return _run_source(source.read(), path, main)


def _run_code_as_main(run: Any, top: object) -> int:
    """Call ``run()``, which runs ``__main__``; an exception escaping it is printed as the
    interpreter prints it, its traceback from ``top`` (a code object) on."""
    try:
        run()
    except SystemExit:
        # The interpreter's own handling (the code, or the message printed and 1).
        raise
    except BaseException as exc:
        # The traceback as it would be at the top of a real run: from the script's frame on
        # (printing reads the exception's own, whatever the hook is given).
        tb = _strip_runner_frames(exc.__traceback__, top)
        sys.excepthook(type(exc), exc.with_traceback(tb), tb)
        return 1
    return 0


def _fresh_main() -> ModuleType:
    main = ModuleType("__main__")
    main.__dict__.update(__builtins__=sys.modules["builtins"])
    if sys.version_info < (3, 14):
        # Since 3.14 a module's annotations are made when first read.
        main.__annotations__ = {}
    sys.modules["__main__"] = main
    return main


def _run_source(source: str | bytes, name: str, main: ModuleType) -> int:
    """Compile ``source`` as the file ``name`` and run it in ``main``."""
    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except SyntaxError as exc:
        # A real run prints no traceback above a syntax error (and printing reads the
        # exception's own traceback, whatever the hook is given).
        sys.excepthook(SyntaxError, exc.with_traceback(None), None)
        return 1
    if isinstance(source, str) and sys.version_info >= (3, 13):
        # ``-c``: since 3.13 the interpreter keeps the command's text, which tracebacks show.
        import linecache

        lines = [line + "\n" for line in source.splitlines()]
        linecache.cache[name] = (len(source), None, lines, name)
    return _run_code_as_main(lambda: exec(code, main.__dict__), code)


def _run_command(text: str) -> int:
    """``python -c TEXT``: ``__main__`` without a file, the code named ``<string>``."""
    import importlib.machinery

    main = _fresh_main()
    main.__loader__ = importlib.machinery.BuiltinImporter  # type: ignore[assignment]
    return _run_source(text, "<string>", main)


def _run_module(name: str) -> int:
    """``python -m NAME``, through the function of runpy the interpreter calls (whose frames
    a real run's tracebacks show)."""
    import runpy

    _fresh_main()
    run_as_main = runpy._run_module_as_main  # type: ignore[attr-defined]
    return _run_code_as_main(lambda: run_as_main(name), run_as_main.__code__)


def serve() -> int:
    """The runner: one JSON request per line on stdin, one answer line per child on stdout (its
    pid when it starts, its exit code when it ends)."""
    for name in PRELOAD:
        __import__(name)
    _hide_from_jax(__file__)
    base_path = sys.path[1:]  # what follows this file's own folder
    requests = sys.stdin.buffer
    answers = sys.stdout
    answers.write(json.dumps({"ready": os.getpid(), "modules": sorted(sys.modules)}) + "\n")
    answers.flush()
    while line := requests.readline():
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            try:
                code = _run_child(request, base_path)
            finally:
                sys.stdout.flush()
            # The rest is the interpreter's shutdown, as after a script's last line.
            sys.exit(code)
        answers.write(json.dumps({"pid": pid}) + "\n")
        answers.flush()
        _, status = os.waitpid(pid, 0)
        answers.write(json.dumps({"exit": os.waitstatus_to_exitcode(status)}) + "\n")
        answers.flush()
    return 0


class ForkRunner:
    """A runner process for one Python and start-up environment, in the test process."""

    def __init__(self, python: Path, env: Mapping[str, str]) -> None:
        self.env = dict(env)
        started = {k: v for k, v in env.items() if k not in PER_RUN}
        self.proc = subprocess.Popen(
            [str(python), __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            # Unbuffered: select() must see every answer line not yet read.
            bufsize=0,
            env=started,
            cwd=tempfile.gettempdir(),
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.requests: IO[bytes] = self.proc.stdin
        self.answers: IO[bytes] = self.proc.stdout
        ready = self._answer(timeout=120)
        if "ready" not in ready:
            raise RuntimeError(f"the fork runner of {python} did not start: {ready}")
        self.imported = {name.partition(".")[0] for name in ready["modules"]}

    def _answer(self, timeout: float) -> dict[str, Any]:
        readable, _, _ = select.select([self.answers], [], [], timeout)
        if not readable:
            raise TimeoutError
        line = self.answers.readline()
        if not line:
            raise RuntimeError("the fork runner exited")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def accepts(self, argv: Sequence[str], cwd: Path, env: Mapping[str, str]) -> bool:
        """Whether a child runs ``python ARGV`` as a fresh interpreter would: ``env`` is the
        runner's (but for PER_RUN), and no module of the script's folder or ``PYTHONPATH``
        has the name of one the runner imported (in a real run the script's would be imported,
        by the script and by JAX alike)."""
        if any(
            env.get(k) != self.env.get(k) for k in (env.keys() | self.env.keys()) - set(PER_RUN)
        ):
            return False
        pythonpath = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        for folder in [(cwd / argv[0]).parent, *(cwd / p for p in pythonpath)]:
            if not folder.is_dir():
                continue
            names = {p.stem if p.suffix == ".py" else p.name for p in folder.iterdir()}
            if names & self.imported:
                return False
        return True

    def run(
        self,
        argv: Sequence[str],
        cwd: Path,
        env: Mapping[str, str],
        timeout: float,
        *,
        separate: bool = False,
    ) -> subprocess.CompletedProcess[str]:
        """``python ARGV`` in ``cwd`` with ``env``, its output and errors together, as
        ``subprocess.run(..., stdout=PIPE, stderr=STDOUT, text=True)`` gives them, or apart
        (``separate``) as ``subprocess.run(..., capture_output=True, text=True)`` does."""
        assert self.accepts(argv, cwd, env)
        with tempfile.TemporaryDirectory() as tmp:
            output, errors = Path(tmp) / "output", Path(tmp) / "errors"
            request = {"argv": list(argv), "cwd": str(cwd), "env": dict(env), "output": str(output)}
            if separate:
                request["errors"] = str(errors)
            self.requests.write(json.dumps(request).encode() + b"\n")
            self.requests.flush()
            pid = self._answer(timeout=30)["pid"]
            try:
                code = self._answer(timeout)["exit"]
            except TimeoutError:
                os.kill(pid, 9)
                self._answer(timeout=30)
                raise subprocess.TimeoutExpired(list(argv), timeout) from None
            stdout = _text(output.read_bytes())
            stderr = _text(errors.read_bytes()) if separate else None
        return subprocess.CompletedProcess(list(argv), code, stdout, stderr)

    def close(self) -> None:
        self.requests.close()
        self.proc.wait(timeout=30)


def _text(data: bytes) -> str:
    """What subprocess's text mode makes of a stream's bytes."""
    text = data.decode(locale.getpreferredencoding(False))
    return text.replace("\r\n", "\n").replace("\r", "\n")


_RUNNERS: dict[tuple[Path, tuple[tuple[str, str], ...]], ForkRunner] = {}


def runner(python: Path, env: Mapping[str, str]) -> ForkRunner:
    """This process's runner for ``python`` started in ``env`` (one per Python and environment,
    started on first use and closed at exit)."""
    key = (python, tuple(sorted((k, v) for k, v in env.items() if k not in PER_RUN)))
    if key not in _RUNNERS:
        if not _RUNNERS:
            atexit.register(_close_all)
        _RUNNERS[key] = ForkRunner(python, env)
    return _RUNNERS[key]


def run(
    python: Path,
    argv: Sequence[str],
    cwd: Path,
    env: Mapping[str, str],
    timeout: float = 300,
    *,
    separate: bool = False,
) -> subprocess.CompletedProcess[str]:
    """``python ARGV`` (a script, ``-c`` or ``-m``) in ``cwd`` with exactly ``env``: from this
    process's runner when it runs it as a fresh interpreter would, else from a fresh one; the
    output and errors together, or apart (``separate``)."""
    each = runner(python, env)
    if each.accepts(argv, cwd, env):
        return each.run(argv, cwd, env, timeout, separate=separate)
    return subprocess.run(
        [str(python), *argv],
        cwd=cwd,
        env=dict(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if separate else subprocess.STDOUT,
        text=True,
        check=False,
        timeout=timeout,
    )


def _close_all() -> None:
    for each in _RUNNERS.values():
        each.close()


if __name__ == "__main__":
    sys.exit(serve())
