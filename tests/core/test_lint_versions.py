"""Predictions name the record of the JAX the project uses: on every trigger whose marker says
what each pinned release raises (``# jaxerr-expect: CODE jax0.10.2=OTHER``, proven by the
captured runs), the prediction names that release's record; where the version is unknown, it
names both."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxerr_ls.lint import CODES, installed_jax_version, lint_source, raised_by_run
from jaxerr_ls.lint.versions import EARLIER, first_release, for_jax, version_key
from tests.e2e.support import ENVIRONMENTS, expected_codes
from tests.triggers import curated

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FILES = sorted(
    [
        *(FIXTURES / "project").glob("scripts/*.py"),
        *(FIXTURES / "project").glob("model/*.py"),
        *(FIXTURES / "project").glob("tests/*.py"),
        *(FIXTURES / "lint").glob("*.py"),
    ]
)
RECORD_CODES = {r.code for r in curated()}


def _version_dependent() -> list[tuple[Path, int, str, dict[str, str]]]:
    """(file, line, the newest release's code, each pinned release's code) for every marker of
    a predicted code that another pinned release raises differently."""
    found = []
    for path in FILES:
        by_version = {version: expected_codes(path, version) for version in ENVIRONMENTS}
        newest = by_version[max(ENVIRONMENTS, key=lambda v: version_key(v) or ())]
        for line, code in newest.items():
            codes = {version: by_version[version][line] for version in ENVIRONMENTS}
            if code in CODES and len(set(codes.values())) > 1 and "none" not in codes.values():
                found.append((path, line, code, codes))
    return found


VERSION_DEPENDENT = _version_dependent()
BY_MARKER = pytest.mark.parametrize(
    ("path", "line", "code", "codes"),
    VERSION_DEPENDENT,
    ids=[f"{p.stem}:{line}" for p, line, *_ in VERSION_DEPENDENT],
)


def test_the_table_is_what_the_captured_runs_show() -> None:
    """Each check's record that jax 0.10.2 words otherwise is in the table, with what 0.10.2
    raises (a record, or the bare exception the marker names)."""
    shown = {}
    for _, _, code, codes in VERSION_DEPENDENT:
        shown[code] = codes["0.10.2"]
    assert set(shown) == set(EARLIER)
    for code, other in shown.items():
        earlier = EARLIER[code]
        expected = earlier.record if earlier.record is not None else earlier.exception
        assert other == expected, code
        assert (earlier.record in RECORD_CODES) == (other in RECORD_CODES), code
        first = first_release(code)
        assert first is not None and version_key("0.10.2") < version_key(first), code  # type: ignore[operator]


def test_every_table_entry_changes_a_prediction_on_the_triggers() -> None:
    """Under jax 0.10.2 each code of the table is predicted on some trigger module as that
    release raises it (where the failing call is in another module than the fault, only the
    culprit's module has the prediction: model/hijax_ops.py)."""
    changed = set()
    for path in FILES:
        for p in lint_source(path.read_text(), path=path, jax_version="0.10.2").predictions:
            earlier = EARLIER.get(p.check_code)
            if earlier is None:
                continue
            if earlier.record is not None and p.code == earlier.record:
                changed.add(p.check_code)
            if earlier.record is None and f"bare {earlier.exception}" in p.message:
                changed.add(p.check_code)
    assert changed == set(EARLIER)


def _at(path: Path, line: int, version: str | None) -> list[tuple[str, tuple[str, ...], str]]:
    predictions = lint_source(path.read_text(), path=path, jax_version=version).predictions
    return [
        (p.code, p.also, p.message)
        for p in predictions
        if line in {p.span.line, p.culprit.line if p.culprit else 0}
    ]


@BY_MARKER
def test_each_pinned_release_gets_its_own_record(
    path: Path, line: int, code: str, codes: dict[str, str]
) -> None:
    for version, raised in codes.items():
        found = _at(path, line, version)
        if not found:
            continue  # decided in another module (tests/core/test_lint.py lists those)
        for named, _, message in found:
            if raised in RECORD_CODES:
                assert named == raised, (version, found)
            else:
                assert named == code and f"bare {raised}" in message, (version, found)


@BY_MARKER
def test_an_unknown_version_names_every_release_record(
    path: Path, line: int, code: str, codes: dict[str, str]
) -> None:
    found = _at(path, line, None)
    if not found:
        return
    for named, also, message in found:
        assert named == code
        assert {named, *also} == {c for c in codes.values() if c in RECORD_CODES}
        assert all(c in message for c in codes.values() if c != code)


def test_a_run_under_either_release_is_the_predicted_error() -> None:
    """A run's error of the record another release raises merges with the prediction."""
    path = FIXTURES / "project" / "scripts" / "grad_ref_argument.py"
    lines = path.read_text().splitlines()
    for version in (None, "0.10.2", "0.12.0.1"):
        [prediction] = lint_source(path.read_text(), path=path, jax_version=version).predictions
        line = prediction.span.line
        for code in ("grad-ref-argument", "cotangent-type-mismatch"):
            expected = version != "0.12.0.1" or code == "grad-ref-argument"
            assert raised_by_run(prediction, code, [line], lines) == expected, (version, code)


def test_versions_outside_what_is_known_keep_the_newest_record() -> None:
    [prediction] = lint_source(
        (FIXTURES / "project" / "scripts" / "grad_ref_argument.py").read_text(),
        jax_version="0.12.0.1",
    ).predictions
    for version in ("0.4.30", "0.13.0", "1.0"):
        [same] = for_jax([prediction], version)
        assert (same.code, same.also) == ("grad-ref-argument", ())
    [fixed] = for_jax([prediction], "0.10.2")
    assert (fixed.code, fixed.origin) == ("cotangent-type-mismatch", "grad-ref-argument")


def _fake_venv(root: Path, version: str) -> Path:
    jax = root / "lib" / "python3.11" / "site-packages" / "jax"
    jax.mkdir(parents=True)
    (jax / "__init__.py").write_text("")
    (jax / "version.py").write_text(f'_version: str = "{version}"\n')
    return root


def test_the_installed_version_is_read_from_the_project_environment(tmp_path: Path) -> None:
    """From the pythonPath setting's virtualenv, else the folder's .venv; nothing is run."""
    project = tmp_path / "project"
    _fake_venv(project / ".venv", "0.10.2")
    other = _fake_venv(tmp_path / "elsewhere", "0.11.1")
    assert installed_jax_version(project) == "0.10.2"
    assert installed_jax_version(project, str(other / "bin" / "python")) == "0.11.1"
