"""IPython, Jupyter and Colab tracebacks: real terminal and kernel output, and real pastes.

The terminal logs and notebooks under tests/fixtures/notebooks are real output of IPython 7 and 9
and of a Jupyter kernel running the cells of ``capture_ipython.CELLS`` (see that script). What
each error is and where it belongs comes from the ``# jaxerr-expect:`` markers in those cells and
in ``proj/model.py``; the pastes' expectations are read from the pastes (manifest.json).
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from jaxerr_ls.events import ErrorEvent, Frame
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records
from jaxerr_ls.tracebacks import parse_text

NOTEBOOKS = Path(__file__).resolve().parent.parent / "fixtures" / "notebooks"
TERMINAL_LOGS = sorted((NOTEBOOKS / "terminal").glob("*.log"))
SAVED_NOTEBOOKS = sorted(NOTEBOOKS.glob("*.ipynb"))
PASTES = json.loads((NOTEBOOKS / "pastes" / "manifest.json").read_text())["pastes"]
MARKER_RE = re.compile(r"#\s*jaxerr-expect:\s*([\w.-]+)")


def _capture_module() -> Any:
    script = NOTEBOOKS / "capture_ipython.py"
    spec = importlib.util.spec_from_file_location("capture_ipython", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CELLS: list[str] = _capture_module().CELLS
# The errors the cells raise, in order: each failing cell carries one marker.
EXPECTED_CODES = [m[1] for cell in CELLS for m in MARKER_RE.finditer(cell)]
MODEL_MARKERS = {
    number: m[1]
    for number, text in enumerate((NOTEBOOKS / "proj" / "model.py").read_text().splitlines(), 1)
    if (m := MARKER_RE.search(text))
}


@pytest.fixture(scope="module")
def index() -> RecordIndex:
    return RecordIndex(load_records().records)


def read(path: Path) -> str:
    with open(path, encoding="utf-8", newline="\n") as f:
        return f.read()


def is_user_frame(frame: Frame) -> bool:
    return frame.path.startswith(("Cell In[", "<ipython-input-", "~/proj/"))


def check_place(event: ErrorEvent, code: str) -> None:
    """The innermost frame of the user's code is where the marker for ``code`` is."""
    user = [f for f in event.frames if is_user_frame(f)]
    if not user:
        return
    innermost = user[-1]
    if innermost.path.startswith("~/proj/"):
        assert innermost.path == "~/proj/model.py"
        assert MODEL_MARKERS.get(innermost.line or 0) == code
    else:
        # A line of the cell that raised (Docs mode hides the frames below the cell's call).
        (cell,) = [c for c in CELLS if f"jaxerr-expect: {code}" in c]
        assert innermost.source in [line.strip() for line in cell.splitlines()]
        found = MARKER_RE.search(innermost.source or "")
        assert found is None or found[1] == code, innermost


def codes_of(events: list[ErrorEvent], index: RecordIndex) -> list[str]:
    codes = []
    for event in events:
        match = index.match(event.message, event.exc_type)
        codes.append(match.record.code if match is not None else f"<{event.exc_type}>")
    return codes


@pytest.mark.parametrize("log", TERMINAL_LOGS, ids=lambda p: p.stem)
def test_terminal_ipython(log: Path, index: RecordIndex) -> None:
    text = read(log)
    events = parse_text(text)
    expected = list(EXPECTED_CODES)
    if "Unexpected exception formatting exception" in text:
        # IPython 9's Docs mode fails on JAX's chained exception and prints its own internal
        # error instead (real output): the custom_vjp error is not in the log.
        assert "Custom VJP bwd rule" not in text.split("Unexpected exception formatting")[1][:200]
        expected.remove("custom-vjp-bwd-structure")
        events = [e for e in events if "IPython" not in str([f.path for f in e.frames])]
    assert codes_of(events, index) == expected
    # What the cells printed after a traceback (the next prompt's output) is no message text.
    printed = {"done", "scaled 6.0"}
    assert not any(printed & set(e.message.split("\n")) for e in events)
    for event, code in zip(events, expected, strict=True):
        check_place(event, code)
        assert not event.exc_type.endswith(("JaxStackTraceBeforeTransformation", "StackTrace"))
    if "-minimal-" not in log.name:
        assert all(any(is_user_frame(f) for f in e.all_frames()) for e in events)


@pytest.mark.parametrize("notebook", SAVED_NOTEBOOKS, ids=lambda p: p.stem)
def test_saved_notebook_error_outputs(notebook: Path, index: RecordIndex) -> None:
    cells = json.loads(notebook.read_text())["cells"]
    outputs = [
        (cell, output)
        for cell in cells
        for output in cell.get("outputs", [])
        if output["output_type"] == "error"
    ]
    codes = []
    for cell, output in outputs:
        events = parse_text("\n".join(output["traceback"]))
        assert len(events) == 1
        event = events[0]
        assert event.exc_type.rsplit(".", 1)[-1] == output["ename"]
        assert event.message.split("\n")[0] == output["evalue"].split("\n")[0]
        (code,) = MARKER_RE.findall("".join(cell["source"]))
        codes.append(code)
        check_place(event, code)
        # A frame in this cell names its execution count and shows its line as it is there
        # (in the final exception: IPython shows the wrong line's text in the frames of JAX's
        # JaxStackTraceBeforeTransformation, while it gives the right line number).
        source_lines = "".join(cell["source"]).splitlines()
        own = [f for f in event.frames if f.path == f"Cell In[{cell['execution_count']}]"]
        if "-minimal" not in notebook.name:
            assert own
        for frame in own:
            assert frame.line is not None
            assert source_lines[frame.line - 1].strip() == frame.source
    assert codes == EXPECTED_CODES
    assert codes_of([parse_text("\n".join(o["traceback"]))[0] for _, o in outputs], index) == (
        EXPECTED_CODES
    )


@pytest.mark.parametrize("name", sorted(PASTES), ids=str)
def test_pasted_tracebacks(name: str) -> None:
    expected = PASTES[name]["expected"]
    events = parse_text(read(NOTEBOOKS / "pastes" / name))
    assert len(events) == 1
    event = events[0]
    assert event.exc_type.rsplit(".", 1)[-1] == expected["exception"]
    assert event.message.startswith(expected["message_start"])
    if not expected["message_start"]:
        assert event.message == ""
    frames = [[f.path, f.line, f.function] for f in event.frames]
    assert frames[-len(expected["frames"]) :] == expected["frames"]


def test_a_paste_mixing_several_errors_gives_each_of_them() -> None:
    logs = NOTEBOOKS.parent / "logs" / "jax-0.12.0.1"
    parts = [
        read(NOTEBOOKS / "terminal" / "ipython9-context-nocolor.log"),
        read(NOTEBOOKS / "pastes" / "jax-7613.txt"),
        read(logs / "script" / "custom_vjp_bwd_shape.log"),
        read(NOTEBOOKS / "terminal" / "ipython7-verbose-linux.log"),
        read(NOTEBOOKS / "pastes" / "jaxwell-11-tail.txt"),
    ]

    def shape(events: list[ErrorEvent]) -> list[object]:
        return [(e.exc_type, e.message, [(f.path, f.line) for f in e.frames]) for e in events]

    separately = [event for part in parts for event in parse_text(part)]
    together = parse_text("\n\n".join(part.rstrip("\n") for part in parts))
    assert shape(together) == shape(separately)
    assert len(together) >= 9
