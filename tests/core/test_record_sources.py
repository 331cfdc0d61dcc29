"""Every curated record's raise site is where it says, in the JAX release its link is pinned to.

The link's commit must be that of a release the dev set-up installs (tests/e2e/support.py); its
file is read from that environment's site-packages, never imported: the line range of the link
is the record's source excerpt, and the record's line is the raise (or the exception's
constructor call) inside it.
"""

from __future__ import annotations

import ast
import os
import re
from functools import cache
from pathlib import Path

import pytest

from jaxerr_ls.generated import JaxNotFound, _as_jax_dir, read_jax_version
from jaxerr_ls.records import Record, load_records
from tests.e2e.support import ENVIRONMENTS

URL_RE = re.compile(
    r"https://github\.com/jax-ml/jax/blob/(?P<commit>[0-9a-f]{40})/(?P<path>[^#]+)"
    r"#L(?P<start>\d+)-L(?P<end>\d+)$"
)
RECORDS = sorted(load_records().records, key=lambda r: r.code)


@cache
def installed() -> dict[str, Path]:
    """Commit -> the ``jax`` folder of each pinned environment that is present."""
    found = {}
    for python in ENVIRONMENTS.values():
        jax_dir = _as_jax_dir(python.parent.parent)
        if jax_dir is None:
            continue
        try:
            _version, commit = read_jax_version(jax_dir)
        except JaxNotFound:
            continue
        if commit:
            found[commit] = jax_dir
    return found


@cache
def source(path: Path) -> tuple[list[str], frozenset[int]]:
    """The lines of a JAX module and its raise sites, worked out once per module: a few of
    JAX's modules hold the raise sites of most records."""
    text = path.read_text(encoding="utf-8")
    return text.splitlines(), frozenset(raise_sites(ast.parse(text)))


def raise_sites(tree: ast.Module) -> set[int]:
    """Lines where a statement raising or constructing an exception (or a warning) starts."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise):
            lines.add(node.lineno)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            called = ast.unparse(node.value.func)
            if called.endswith(("__init__", "warn")):
                lines.add(node.lineno)
    return lines


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.code)
def test_the_raise_site_is_in_the_pinned_release(record: Record) -> None:
    raw = record.raw
    link = URL_RE.match(raw["githubUrl"])
    assert link, raw["githubUrl"]
    jax_dir = installed().get(link["commit"])
    if jax_dir is None:
        message = f"no pinned JAX environment has commit {link['commit']}"
        if os.environ.get("CI") or len(installed()) == len(ENVIRONMENTS):
            pytest.fail(message)
        pytest.skip(message)
    assert link["path"] == raw["filePath"]
    start, end = int(link["start"]), int(link["end"])
    assert (raw["sourceCodeStart"], raw["sourceCodeEnd"]) == (start, end)
    assert start <= raw["lineNumber"] <= end
    lines, sites = source(jax_dir.parent / link["path"])
    assert raw["sourceCode"] == "\n".join(lines[start - 1 : end]), "the excerpt is not those lines"
    assert raw["lineNumber"] in sites, lines[raw["lineNumber"] - 1]


CONDITIONED = [r for r in RECORDS if r.raised_in]


def test_some_record_places_conditions_on_the_traceback() -> None:
    assert CONDITIONED, "no record uses raisedIn: drop this test and the field's checks"


@pytest.mark.parametrize("record", CONDITIONED, ids=lambda r: r.code)
def test_each_frame_condition_names_a_function_of_every_pinned_jax(record: Record) -> None:
    """A record that owns its message only where a frame of JAX shows names a function that
    every installed pinned JAX defines in that file (else no traceback could ever meet it)."""
    if len(installed()) < len(ENVIRONMENTS) and not os.environ.get("CI"):
        pytest.skip("not every pinned JAX environment is installed")
    for jax_dir in installed().values():
        for condition in record.raised_in:
            path = jax_dir.parent / condition.path
            assert path.is_file(), (record.code, str(path))
            tree = ast.parse(path.read_text(encoding="utf-8"))
            defined = {
                node.name
                for node in ast.walk(tree)
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            }
            assert condition.function in defined, (record.code, str(path))
