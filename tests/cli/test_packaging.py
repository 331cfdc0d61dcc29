"""Building the package as pip does: no warning wall, and the wheel carries the records."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# The build hooks pip calls (PEP 517 and 660), run in a copy of the project. pip shows every
# warning a hook raises (as a BuildBackendWarning, however quiet it is asked to be).
HOOKS = """
import json, sys, warnings
import setuptools.build_meta as backend
out = sys.argv[1]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    built = [backend.build_wheel(out), backend.build_editable(out)]
said = [f"{w.category.__name__}: {str(w.message).strip()[:200]}" for w in caught]
print("built:", json.dumps({"wheels": built, "warnings": said}))
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    pytest.importorskip("setuptools")
    project = tmp_path_factory.mktemp("project")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, project / name)
    # jaxerr_ls/data stays the link to data/ that it is in the repository.
    shutil.copytree(
        REPO / "jaxerr_ls",
        project / "jaxerr_ls",
        symlinks=True,
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copytree(REPO / "data", project / "data")
    out = project / "dist"
    out.mkdir()
    result = subprocess.run(
        [sys.executable, "-c", HOOKS, str(out)],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.rpartition("built: ")[2])
    wheel, editable = report["wheels"]
    assert "editable" in editable
    return out / wheel, report["warnings"]


def test_building_says_no_warning(built: tuple[Path, list[str]]) -> None:
    _, warnings = built
    assert warnings == []


def test_the_wheel_carries_every_record_and_api_doc(built: tuple[Path, list[str]]) -> None:
    wheel, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("records", "api"):
        shipped = {name for name in names if name.startswith(f"jaxerr_ls/data/{folder}/")}
        expected = {
            f"jaxerr_ls/data/{folder}/{p.name}" for p in (REPO / "data" / folder).glob("*.json")
        }
        assert shipped == expected
    assert "jaxerr_ls/data/README.md" in names
    assert "jaxerr_ls/py.typed" in names
    assert "jaxerr_ls/server/app.py" in names
    # What serve answers initialize from before pygls loads (server/early.py).
    assert "jaxerr_ls/server/initialize.json" in names
