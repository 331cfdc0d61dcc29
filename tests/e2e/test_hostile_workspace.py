"""A hostile workspace: files that are not files, links out of the project, an interpreter that
must never run, client data naming files outside, a record pattern that backtracks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.e2e.rawclient import PATIENCE, RawServer, uri
from tests.e2e.support import PROJECT, REPO

SOURCE = "import jax\n\n\ndef loss_grad(f):\n    return jax.grad(f)\n"
GRAD = (4, 16)
FOREIGN_PYTEST = (
    REPO / "tests" / "fixtures" / "logs" / "jax-0.12.0.1" / "foreign" / "pytest-tb-auto.log"
)


def serve(root: Path, *, shared_cache: bool = False, **options: object) -> tuple[RawServer, str]:
    """A server on ROOT with a cache of generated records of its own (built afresh, as the
    hostile folder's JAX is), or with the suite's shared one (built once per run) where the
    test is about something else."""
    (root / "model.py").write_text(SOURCE)
    env = {} if shared_cache else {"JAXERR_LS_CACHE_DIR": str(root.parent / "cache")}
    server = RawServer(env=env)
    answer = server.initialize(root, initializationOptions={"pollInterval": 0.2, **options})
    assert "result" in answer, answer
    return server, server.open(root / "model.py")


def messages(server: RawServer) -> list[str]:
    """What the server told the user: shown, or logged (skipped records are logged)."""
    shown = ("window/showMessage", "window/logMessage")
    return [n["params"]["message"] for n in server.notifications if n["method"] in shown]


def wait_for(server: RawServer, predicate: object, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not predicate():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"never saw {what}; stderr: {server.tail()}")
        server.drain(0.2)


def still_answers(server: RawServer, document: str) -> None:
    answer = server.hover(document, *GRAD)
    assert "jax.grad" in answer["result"]["contents"]["value"], answer


# -- files that are not regular files, or not in the workspace -------------------------------


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/stdin", "fifo", "outside"])
def test_a_report_that_is_not_a_regular_file_inside_is_refused(tmp_path: Path, target: str) -> None:
    root = tmp_path / "ws"
    (root / ".jaxerr").mkdir(parents=True)
    report = root / ".jaxerr" / "pytest-report.json"
    if target == "fifo":
        os.mkfifo(report)
    elif target == "outside":
        secret = tmp_path / "secret.json"
        secret.write_text('{"version": 1}')
        report.symlink_to(secret)
    else:
        report.symlink_to(target)
    server, document = serve(root, generatedRecords=False)
    try:
        wait_for(
            server,
            lambda: any("pytest-report.json" in m for m in messages(server)),
            "a warning about the report",
        )
        [warning] = [m for m in messages(server) if "pytest-report.json" in m]
        reason = "not a regular file" if target == "fifo" else "outside the workspace"
        assert reason in warning
        still_answers(server, document)
    finally:
        server.close()
    # Nothing holds the process: shutdown and exit end it, with the spec's code.
    assert server.process.returncode == 0, server.tail()


def test_a_python_file_linked_from_outside_gets_no_diagnostics(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "ws"
    root.mkdir()
    failing = "def step():\n    raise ValueError('step failed')\n\n\nstep()\n"
    (outside / "linked.py").write_text(failing)
    (root / "linked.py").symlink_to(outside / "linked.py")
    (root / "own.py").write_text(failing)
    # Real runs, each printing a traceback through the workspace's path.
    runs = [
        subprocess.run(
            [sys.executable, name], cwd=root, capture_output=True, text=True, check=False
        )
        for name in ("linked.py", "own.py")
    ]
    output = "".join(run.stderr for run in runs)
    assert output.count("ValueError: step failed") == 2
    server, _ = serve(root, shared_cache=True)
    try:
        answer = server.call(
            "workspace/executeCommand",
            {"command": "jaxerr.ingestOutput", "arguments": [{"text": output, "cwd": str(root)}]},
        )
        files = answer["result"]["files"]
        assert uri(root / "own.py") in files  # the workspace's own file: placed
        assert not any("linked.py" in f for f in files), files
    finally:
        server.close()


def test_code_action_data_naming_a_file_outside_gives_no_edit(tmp_path: Path) -> None:
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root)
    outside = tmp_path / "elsewhere"
    shutil.copytree(PROJECT, outside)
    server, _ = serve(root, shared_cache=True, enabledSources=["output"])
    try:
        server.call(
            "workspace/executeCommand",
            {
                "command": "jaxerr.ingestOutput",
                "arguments": [{"text": FOREIGN_PYTEST.read_text(), "cwd": str(root)}],
            },
        )
        path = root / "model" / "hijax_ops.py"
        document = server.open(path)
        wait_for(
            server,
            lambda: any(
                n["method"] == "textDocument/publishDiagnostics"
                and n["params"]["uri"] == document
                and n["params"]["diagnostics"]
                for n in server.notifications
            ),
            "diagnostics on hijax_ops.py",
        )
        published = [
            n["params"]["diagnostics"]
            for n in server.notifications
            if n["method"] == "textDocument/publishDiagnostics" and n["params"]["uri"] == document
        ][-1]
        fixable = [d for d in published if d["code"] == "hijax-vjp-bwd-return"]
        assert fixable

        def quick_fixes(diagnostics: list[dict[str, object]]) -> list[dict[str, object]]:
            actions = server.call(
                "textDocument/codeAction",
                {
                    "textDocument": {"uri": document},
                    "range": diagnostics[0]["range"],
                    "context": {"diagnostics": diagnostics, "only": ["quickfix"]},
                },
            )["result"]
            return [a for a in actions or [] if a.get("edit")]

        # As offered: an edit of the workspace's file (the client resolves nothing lazily).
        assert quick_fixes(fixable)
        tampered = json.loads(json.dumps(fixable).replace(str(root), str(outside)))
        assert str(outside) in json.dumps(tampered)
        assert quick_fixes(tampered) == []
        resolved = server.call(
            "codeAction/resolve",
            {"title": "x", "data": {**tampered[0]["data"], "fix": "0", "versions": {}}},
        )
        assert resolved["result"].get("edit") is None
    finally:
        server.close()


# -- the workspace's interpreter never runs --------------------------------------------------


def hostile_venv(root: Path, marker: Path) -> None:
    """A workspace .venv whose python leaves ``marker`` if run, with a JAX tree the server's
    Python cannot parse (so a builder would be tempted to ask the project's interpreter)."""
    venv = root / ".venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text(f'#!/bin/sh\ntouch {marker}\nexec {sys.executable} "$@"\n')
    python.chmod(0o755)
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
    jax = venv / "lib" / "python3.99" / "site-packages" / "jax"
    (jax / "_src").mkdir(parents=True)
    (jax / "__init__.py").write_text("")
    (jax / "version.py").write_text('_version = "0.99.0"\n_git_hash = None\n')
    (jax / "_src" / "future.py").write_text(
        textwrap.dedent(
            """\
            def grad(f):
                match f:
                    case _ if (x := 1) +:
                        raise TypeError(f"grad of {f} needs a differentiable function")
            """
        )
    )


def test_opening_the_folder_runs_nothing_from_it(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    marker = tmp_path / "the-workspace-python-ran"
    hostile_venv(root, marker)
    server, document = serve(root)
    try:
        still_answers(server, document)  # jedi reads .venv's packages as source
        wait_for(
            server,
            lambda: b"cannot be parsed by Python" in server.stderr,
            "the generated-record builder skipping the files it cannot parse",
        )
        assert b"was not run" in server.stderr
    finally:
        server.close()
    assert not marker.exists()


def test_check_in_the_folder_runs_nothing_from_it(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    marker = tmp_path / "the-workspace-python-ran"
    hostile_venv(root, marker)
    env = {**os.environ, "JAXERR_LS_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("VIRTUAL_ENV", None)
    # A real run's error that no curated record knows, so that check looks for JAX's records.
    (root / "run.py").write_text("raise RuntimeError('an error no record knows of, at all')\n")
    run = subprocess.run(
        [sys.executable, "run.py"], cwd=root, capture_output=True, text=True, check=False
    )
    done = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", "check", "-"],
        input=run.stderr,
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 1, done.stderr
    assert "cannot be parsed by Python" in done.stderr
    assert not marker.exists()
    trusted = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", "records", "build", "--trust-workspace-interpreter"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert trusted.returncode == 0, trusted.stderr
    assert marker.exists()  # asked for, it runs


# -- a team record that would backtrack -----------------------------------------------------


def backtracking_record(folder: Path) -> Path:
    folder.mkdir()
    record = {
        "id": "0123456789abcdef",
        "code": "team-backtracking",
        "errorMessage": "a",
        "messagePattern": "(a+)+$",
        "summary": "s",
        "explanation": "e",
        "solutions": ["x"],
        "githubUrl": "https://github.com/jax-ml/jax/blob/jax-v0.12.0.1/jax/_src/api.py#L1",
    }
    path = folder / "team.json"
    path.write_text(json.dumps({"record": record}))
    return path


def test_a_backtracking_team_record_is_refused_with_file_and_field(tmp_path: Path) -> None:
    path = backtracking_record(tmp_path / "records")
    log = tmp_path / "run.log"
    log.write_text(
        'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n'
        f"ValueError: {'a' * 40}!\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "jaxerr_ls",
            "check",
            "--no-generated",
            "--records",
            str(path.parent),
            str(log),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert f"{path}: field 'messagePattern'" in done.stderr, done.stderr
    assert "exponential" in done.stderr
    root = tmp_path / "ws"
    root.mkdir()
    server, document = serve(root, recordPaths=[str(path.parent)], generatedRecords=False)
    try:
        wait_for(server, lambda: any("team.json" in m for m in messages(server)), "the warning")
        [warning] = [m for m in messages(server) if "team.json" in m]
        assert "messagePattern" in warning and "exponential" in warning
        still_answers(server, document)
    finally:
        server.close()


# -- the pytest plugin -----------------------------------------------------------------------


def test_the_plugin_does_not_write_through_a_link_out_of_the_project(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / ".jaxerr").symlink_to(elsewhere)
    (root / "test_fail.py").write_text("def test_fails():\n    assert 1 == 2\n")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--jaxerr", "test_fail.py"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout
    assert "leads out of" in done.stdout
    assert list(elsewhere.iterdir()) == []
