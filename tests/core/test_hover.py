"""Hover resolution on real user files: every alias form, with and without JAX visible to jedi.

Each fixture under tests/fixtures/hover/ runs under jax 0.12.0.1. A comment line
``# hover: NAME -> API`` (several separated by ``;``) says that hovering over the first NAME
(as a whole word) on the next code line shows the doc of API; ``-> none`` means no doc.
``(jedi)`` after the API marks a case only jedi can resolve (a re-export in another module):
it is expected when jedi sees JAX, and no doc without it.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

import jedi
import pytest

from jaxerr_ls.apidocs import ApiDocs
from jaxerr_ls.environments import jedi_python, workspace_venvs
from jaxerr_ls.hover import api_at

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "hover"
MARKER_RE = re.compile(r"^\s*# hover: (.+)$")


@dataclass(frozen=True)
class Case:
    file: str
    line: int  # 0-based
    column: int
    end: int
    token: str
    expected: str | None
    jedi_only: bool

    def __str__(self) -> str:
        return f"{self.file}:{self.line + 1}:{self.token}"


def _cases() -> list[Case]:
    cases = []
    for path in sorted(FIXTURES.glob("*.py")):
        lines = path.read_text().splitlines()
        pending: list[str] = []
        for number, line in enumerate(lines):
            marker = MARKER_RE.match(line)
            if marker:
                pending += [item.strip() for item in marker.group(1).split(";")]
                continue
            if not pending or not line.strip():
                continue
            for item in pending:
                token, expected = (part.strip() for part in item.split("->"))
                jedi_only = expected.endswith("(jedi)")
                expected = expected.removesuffix("(jedi)").strip()
                found = re.search(rf"\b{re.escape(token)}\b", line)
                assert found, f"{path.name}:{number + 1}: no {token!r} on the line"
                cases.append(
                    Case(
                        path.name,
                        number,
                        found.start(),
                        found.end(),
                        token,
                        None if expected == "none" else expected,
                        jedi_only,
                    )
                )
            pending = []
    return cases


CASES = _cases()


@pytest.fixture(scope="session")
def docs() -> ApiDocs:
    return ApiDocs.bundled()


@pytest.fixture(scope="session")
def jax_environment() -> jedi.api.environment.Environment:
    if importlib.util.find_spec("jax") is None:
        pytest.skip("JAX is not installed in the interpreter running the tests")
    return jedi.create_environment(sys.prefix, safe=False)


@pytest.fixture(scope="session")
def jax_0_10_environment() -> jedi.api.environment.Environment:
    folder = Path(__file__).resolve().parents[2] / ".venv-jax0.10"
    if not folder.is_dir():
        pytest.skip("the jax 0.10 environment (.venv-jax0.10) is not set up")
    return jedi.create_environment(str(folder), safe=False)


@pytest.fixture(scope="session")
def plain_environment(
    tmp_path_factory: pytest.TempPathFactory,
) -> jedi.api.environment.Environment:
    """A fresh virtual environment without JAX, so jedi cannot find it."""
    folder = tmp_path_factory.mktemp("plain-venv")
    venv.create(folder, with_pip=False, system_site_packages=False)
    environment = jedi.create_environment(str(folder), safe=False)
    for entry in environment.get_sys_path():
        assert not (Path(entry) / "jax").exists(), entry
    return environment


def _hover(
    case: Case, docs: ApiDocs, environment: jedi.api.environment.Environment, column: int
) -> tuple[str | None, str | None, tuple[int, int, int] | None]:
    path = FIXTURES / case.file
    hit = api_at(
        path.read_text(),
        case.line,
        column,
        path=str(path),
        docs=docs,
        environment=environment,
        project_root=str(FIXTURES),
    )
    if hit is None:
        return None, None, None
    return hit.doc.name, hit.resolved_by, (hit.line, hit.start, hit.end)


def test_the_fixtures_cover_every_alias_form() -> None:
    expected = {case.expected for case in CASES}
    assert expected >= {
        "jax.grad",
        "jax.value_and_grad",
        "jax.custom_vjp",
        "jax.custom_vjp.defvjp",
        "jax._src.api.VJP.with_refs",
        "jax.ad.DontWant",
        "jax.experimental.hijax.HiPrim.vjp_fwd",
        "jax.experimental.hijax.HiPrim.vjp_bwd",
        "jax.experimental.hijax.HiPrim.vjp_bwd_retval",
        None,
    }
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=str)
def test_hover_with_jax_visible_to_jedi(
    case: Case, docs: ApiDocs, jax_environment: jedi.api.environment.Environment
) -> None:
    name, resolved_by, where = _hover(case, docs, jax_environment, case.column)
    assert name == case.expected
    if name is not None:
        assert where == (case.line, case.column, case.end)
    if case.jedi_only:
        assert resolved_by == "jedi"


@pytest.mark.parametrize("case", CASES, ids=str)
def test_hover_with_jax_0_10_visible_to_jedi(
    case: Case, docs: ApiDocs, jax_0_10_environment: jedi.api.environment.Environment
) -> None:
    # jax 0.10 has no HiPrim: the fixtures' hijax imports resolve by name instead.
    assert _hover(case, docs, jax_0_10_environment, case.column)[0] == case.expected


JAX_0_10_PRIMITIVE = """\
from jax.experimental.hijax import VJPHiPrimitive


class Double(VJPHiPrimitive):
    def vjp_bwd(self, res, outgrad, x_acc):
        x_acc.accum(2.0 * outgrad)
"""


def test_a_jax_0_10_primitive_override_shows_the_same_doc(
    docs: ApiDocs,
    jax_0_10_environment: jedi.api.environment.Environment,
    plain_environment: jedi.api.environment.Environment,
) -> None:
    for environment, resolved_by in ((jax_0_10_environment, "jedi"), (plain_environment, "syntax")):
        hit = api_at(JAX_0_10_PRIMITIVE, 4, 8, path=None, docs=docs, environment=environment)
        assert hit is not None and hit.resolved_by == resolved_by
        assert hit.doc.name == "jax.experimental.hijax.HiPrim.vjp_bwd"
        assert hit.doc.version_notes and "VJPHiPrimitive" in hit.doc.version_notes


@pytest.mark.parametrize("case", CASES, ids=str)
def test_hover_without_jax_falls_back_to_the_source(
    case: Case, docs: ApiDocs, plain_environment: jedi.api.environment.Environment
) -> None:
    name, resolved_by, where = _hover(case, docs, plain_environment, case.column)
    if case.jedi_only:
        assert name is None
        return
    assert name == case.expected
    if name is not None:
        assert resolved_by == "syntax"
        assert where == (case.line, case.column, case.end)


def test_common_forms_are_resolved_by_jedi_when_it_sees_jax(
    docs: ApiDocs, jax_environment: jedi.api.environment.Environment
) -> None:
    by_jedi = [
        case
        for case in CASES
        if case.expected is not None
        and _hover(case, docs, jax_environment, case.column)[1] == "jedi"
    ]
    resolved = {case.expected for case in by_jedi}
    assert {
        "jax.grad",
        "jax.custom_vjp.defvjp",
        "jax.experimental.hijax.HiPrim.vjp_bwd",
    } <= resolved


@pytest.mark.parametrize("where", ["middle", "end"])
def test_the_cursor_may_be_anywhere_on_the_name_or_just_after_it(
    where: str, docs: ApiDocs, plain_environment: jedi.api.environment.Environment
) -> None:
    case = next(c for c in CASES if c.token == "value_and_grad" and c.line > 20)
    column = (case.column + case.end) // 2 if where == "middle" else case.end
    assert _hover(case, docs, plain_environment, column)[0] == "jax.value_and_grad"


SOURCE = """\
import jax
from jax import grad as g

text = "jax.grad"
result = g(lambda x: x * x)(3.0)
"""


@pytest.mark.parametrize(
    ("line", "column"),
    [(3, 9), (4, 0), (4, 3), (2, 0), (99, 0), (0, 50)],
    ids=["in-a-string", "own-variable", "blank", "blank-line", "past-the-end", "past-the-line"],
)
def test_no_hover_where_there_is_no_api(
    line: int, column: int, docs: ApiDocs, plain_environment: jedi.api.environment.Environment
) -> None:
    hit = api_at(SOURCE, line, column, path=None, docs=docs, environment=plain_environment)
    assert hit is None


def test_a_file_being_edited_still_resolves(
    docs: ApiDocs, plain_environment: jedi.api.environment.Environment
) -> None:
    source = "import jax as j\n\ndef broken(:\n    pass\n\nloss = j.value_and_grad(f\n"
    hit = api_at(source, 5, 10, path=None, docs=docs, environment=plain_environment)
    assert hit is not None and hit.doc.name == "jax.value_and_grad"


def test_a_local_name_shadowing_an_api_is_not_the_api(
    docs: ApiDocs, plain_environment: jedi.api.environment.Environment
) -> None:
    source = "from jax import grad\n\ndef grad(f):\n    return f\n\ngrad(len)\n"
    hit = api_at(source, 5, 0, path=None, docs=docs, environment=plain_environment)
    assert hit is None


def _hostile_venv(workspace: Path, site_packages: Path) -> Path:
    """A workspace ``.venv`` whose ``bin/python`` leaves a marker file if anything runs it."""
    marker = workspace / "ran"
    python = workspace / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\ntouch {marker}\nexec {sys.executable} "$@"\n')
    python.chmod(0o755)
    (workspace / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    lib = workspace / ".venv" / "lib" / "python3.11"
    lib.mkdir(parents=True)
    (lib / "site-packages").symlink_to(site_packages)
    return marker


def test_an_untrusted_workspace_venv_is_read_as_source_and_never_run(
    tmp_path: Path,
    docs: ApiDocs,
    jax_0_10_environment: jedi.api.environment.Environment,
    plain_environment: jedi.api.environment.Environment,
) -> None:
    site_packages = next(p for p in jax_0_10_environment.get_sys_path() if p.endswith("-packages"))
    marker = _hostile_venv(tmp_path, Path(site_packages))
    python = jedi_python(workspace_venvs(tmp_path), trusted=False)
    assert python.site_packages == (str(tmp_path / ".venv/lib/python3.11/site-packages"),)
    assert python.environment is not None
    assert Path(python.environment.executable).resolve() == Path(sys.executable).resolve()
    # An interpreter without JAX finds jax 0.10's VJPHiPrimitive in the workspace's packages.
    hit = api_at(
        JAX_0_10_PRIMITIVE,
        4,
        8,
        path=None,
        docs=docs,
        environment=plain_environment,
        site_packages=python.site_packages,
    )
    assert hit is not None and hit.resolved_by == "jedi"
    assert not marker.exists()
    # Trusted, the workspace's interpreter is what jedi runs.
    trusted = jedi_python(workspace_venvs(tmp_path), trusted=True)
    assert trusted.environment is not None and marker.exists()
