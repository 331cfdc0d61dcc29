"""`jaxerr-ls check` on pasted output: a lone exception line, IPython tracebacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.cli.test_check_command import LOGS, run

NOTEBOOKS = Path(__file__).resolve().parents[1] / "fixtures" / "notebooks"


def test_a_lone_exception_line_is_explained_like_a_whole_traceback() -> None:
    # A shape error from jax.lax: only the record set generated from the installed JAX has it.
    log = LOGS / "jax-0.12.0.1" / "script" / "layer_shape_mismatch.log"
    whole = json.loads(run("check", "--format", "json", str(log)).stdout)
    exception_line = next(
        line for line in reversed(log.read_text().splitlines()) if line.startswith("TypeError: ")
    )
    result = run("check", "--format", "json", "-", stdin=exception_line.encode())
    assert result.returncode == 1, result.stderr
    [finding] = json.loads(result.stdout)
    assert finding["code"].startswith("jax-")
    assert finding["record"]["id"] == whole[-1]["record"]["id"]
    assert finding["source_log"] == {"path": "<stdin>", "line": 1}


def test_an_ipython_session_log_places_module_frames_in_the_project() -> None:
    proj = NOTEBOOKS / "proj"
    markers = {
        n: re.search(r"jaxerr-expect: ([\w-]+)", text)
        for n, text in enumerate((proj / "model.py").read_text().splitlines(), 1)
    }
    for log in sorted((NOTEBOOKS / "terminal").glob("*-context-*.log")):
        result = run("check", "--root", str(proj), "--no-generated", str(log), cwd=proj)
        assert result.returncode == 1, result.stderr
        placed = [
            m
            for m in map(
                re.compile(r"model\.py:(\d+):\d+: error \[([\w-]+)\]").match,
                result.stdout.splitlines(),
            )
            if m
        ]
        assert placed, result.stdout
        for m in placed:
            marker = markers[int(m[1])]
            assert marker is not None and marker[1] == m[2]
