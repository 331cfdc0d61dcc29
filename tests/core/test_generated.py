"""The generated record set: finding JAX, building and caching, validity, and real messages."""

from __future__ import annotations

import json
import os
import shutil
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jaxerr_ls.cli import main
from jaxerr_ls.generated import (
    JaxNotFound,
    JaxSource,
    build_generated,
    cache_dir,
    cache_path,
    find_jax,
    generated_index,
    generated_records_for,
    load_generated,
    read_jax_version,
    record_id,
)
from jaxerr_ls.matching import (
    GENERATED_TAG,
    STAGE_FUZZY,
    LayeredIndex,
    LazyRecords,
    RecordIndex,
    segments_from_pattern,
)
from jaxerr_ls.records import (
    CODE_RE,
    PINNED_GITHUB_URL_RE,
    LoadResult,
    Record,
    load_records,
)
from jaxerr_ls.tracebacks import parse_text

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "fixtures" / "logs"
VERSIONS = {".venv": "0.12.0.1", ".venv-jax0.10": "0.10.2"}
HASHES = {
    "0.12.0.1": "dc4af684446e65ee98eee8090e1ff6f8211473fb",
    "0.10.2": "990e6a0b84138346e6a38785412f36356e0e5dc3",
}


def venv_jax(venv: str) -> Path:
    found = sorted((REPO / venv).glob("lib/python3*/site-packages/jax/version.py"))
    if not found:
        pytest.skip(f"no JAX installed in {venv} (run scripts/dev-setup)")
    return found[0].parent


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("JAXERR_LS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def built() -> dict[str, Path]:
    """Each version's generated set, from the tests' shared cache (tests/conftest.py: built
    once per checkout and version of the building code; the tests below build afresh)."""
    paths: dict[str, Path] = {}
    for venv, version in VERSIONS.items():
        found = sorted((REPO / venv).glob("lib/python3*/site-packages/jax/version.py"))
        if found:
            source = find_jax(None, found[0].parent)
            paths[version] = build_generated(source).path
    return paths


def document_for(built: dict[str, Path], version: str) -> dict[str, Any]:
    if version not in built:
        pytest.skip(f"jax {version} is not installed")
    document: dict[str, Any] = json.loads(built[version].read_text(encoding="utf-8"))
    return document


# Loading a generated set validates 5,000 records (each pattern compiled and checked) and
# indexing compiles them again: each is done once per set and module, and the tests only read
# what they share.
@cache
def loaded_set(path: Path) -> LoadResult:
    return load_records([path])


@cache
def indexed_set(path: Path) -> RecordIndex:
    return RecordIndex(loaded_set(path).records)


@cache
def curated_records() -> tuple[Record, ...]:
    return tuple(load_records().records)


@cache
def kept_set(path: Path) -> LoadResult:
    """The generated records that no curated record explains (what a workspace gets)."""
    return load_generated(path, list(curated_records()))


@cache
def logged_errors(version: str) -> tuple[tuple[str, str, str], ...]:
    """(log name, message, class) of every exception, chained ones too, in the captured logs of
    this JAX version."""
    return tuple(
        (log.name, member.message, member.exc_type)
        for log in sorted((LOGS / f"jax-{version}").rglob("*.log"))
        for event in parse_text(log.read_text(encoding="utf-8", errors="replace"))
        for member in [event, *event.chain]
    )


# The tests that load a whole generated set (5,000 records, validated, indexed and compiled, for
# each JAX version) run in the whole suite and with `-m slow`, not in the core tier: loading the
# two sets is most of this module's time.
WHOLE_SET = pytest.mark.slow


def index_for(built: dict[str, Path], version: str) -> RecordIndex:
    if version not in built:
        pytest.skip(f"jax {version} is not installed")
    assert not loaded_set(built[version]).problems
    return indexed_set(built[version])


# ---------------------------------------------------------------- finding JAX


@pytest.mark.parametrize("venv", list(VERSIONS))
def test_version_and_commit_are_read_without_importing_jax(venv: str) -> None:
    version, git_hash = read_jax_version(venv_jax(venv))
    assert version == VERSIONS[venv]
    assert git_hash == HASHES[version]


@pytest.mark.parametrize("venv", list(VERSIONS))
def test_jax_is_found_from_a_package_folder_a_site_packages_or_a_virtualenv(venv: str) -> None:
    jax_dir = venv_jax(venv)
    for given in (jax_dir, jax_dir.parent, REPO / venv):
        source = find_jax(None, given)
        assert source.path == jax_dir.resolve()
        assert source.version == VERSIONS[venv]
        assert source.found_via == "--jax"


def test_search_order_virtualenv_then_workspace_venv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    venv_jax(".venv")
    venv_jax(".venv-jax0.10")
    # The workspace's .venv is found when no virtualenv is active...
    source = find_jax(REPO)
    assert source.version == "0.12.0.1"
    assert source.found_via == f".venv in {REPO}"
    # ...and an active virtualenv comes first.
    monkeypatch.setenv("VIRTUAL_ENV", str(REPO / ".venv-jax0.10"))
    assert find_jax(REPO).version == "0.10.2"
    assert find_jax(REPO).found_via == "$VIRTUAL_ENV"
    # A workspace without one falls back to the running interpreter's site-packages.
    monkeypatch.delenv("VIRTUAL_ENV")
    fallback = find_jax(tmp_path)
    assert fallback.found_via.startswith("the interpreter")


def test_a_folder_without_jax_is_refused(tmp_path: Path) -> None:
    with pytest.raises(JaxNotFound, match="not a JAX installation"):
        find_jax(None, tmp_path)


def test_a_source_checkout_without_commit_links_to_the_release_tag(tmp_path: Path) -> None:
    fake_jax(tmp_path, git_hash=None)
    source = find_jax(None, tmp_path)
    assert (source.version, source.git_hash, source.ref) == ("0.9.1", None, "jax-v0.9.1")
    result = build_generated(source)
    assert "tree-" in result.path.name
    records = json.loads(result.path.read_text())["records"]
    assert [r["githubUrl"] for r in records] == [
        "https://github.com/jax-ml/jax/blob/jax-v0.9.1/jax/_src/api.py#L2"
    ]
    assert PINNED_GITHUB_URL_RE.match(records[0]["githubUrl"])


# ---------------------------------------------------------------- the generated records


@WHOLE_SET
@pytest.mark.parametrize("version", list(HASHES))
def test_every_generated_record_validates_and_is_unique(
    built: dict[str, Path], version: str
) -> None:
    document = document_for(built, version)
    assert document["datasetVersion"] == f"jax-{version}"
    origin = document["generatedFrom"]
    assert origin["jaxVersion"] == version and origin["gitHash"] == HASHES[version]
    records = document["records"]
    assert len(records) > 2000
    ids: set[str] = set()
    codes: set[str] = set()
    # Loading validated each record (record_from_dict, its pattern checked): none was refused.
    loaded = loaded_set(built[version])
    assert not loaded.problems and len(loaded.records) == len(records)
    for record, raw in zip(loaded.records, records, strict=True):
        assert record.raw == raw
        assert record.id == record_id(raw["filePath"], raw["errorMessage"])
        assert CODE_RE.match(record.code) and record.code.startswith("jax-")
        assert record.github_url is not None and PINNED_GITHUB_URL_RE.match(record.github_url)
        assert record.github_url.startswith(
            f"https://github.com/jax-ml/jax/blob/{HASHES[version]}/{record.file_path}#L"
        )
        assert record.solutions and record.documentation.endswith("No curated explanation yet.")
        assert segments_from_pattern(record.message_pattern) is not None
        ids.add(record.id)
        codes.add(record.code)
    assert len(ids) == len(records) and len(codes) == len(records)


@WHOLE_SET
def test_ids_shared_with_curated_records_are_the_same_message(built: dict[str, Path]) -> None:
    """Both follow data/README.md's id convention, so a curated record of the same raise site
    and wording has the generated record's id; load_generated drops those, and codes (always
    ``jax-...`` here) never collide."""
    if not built:
        pytest.skip("no pinned JAX is installed (run scripts/dev-setup)")
    curated = {record.id: record for record in curated_records()}
    shared = 0
    codes = {record.code for record in curated.values()}
    for version in built:
        document = document_for(built, version)
        kept = {record.id for record in kept_set(built[version]).records}
        for raw in document["records"]:
            assert raw["code"] not in codes
            twin = curated.get(raw["id"])
            if twin is not None:
                assert (twin.file_path, twin.error_message) == (
                    raw["filePath"],
                    raw["errorMessage"],
                )
                shared += 1
                assert raw["id"] not in kept
    assert shared >= 1  # custom-vjp-bwd-args-mismatch: same template, custom_derivatives.py


SCRIPT_SITES = {
    "0.12.0.1": {
        "grad_nonscalar": ("jax/_src/api.py", 580),
        "grad_int_input": ("jax/_src/api.py", 604),
        "custom_vjp_fwd_not_pair": ("jax/_src/custom_derivatives.py", 982),
        "custom_jvp_no_rule": ("jax/_src/custom_derivatives.py", 261),
        "custom_vjp_bwd_shape": ("jax/_src/custom_derivatives.py", 1153),
        "custom_vjp3_bwd_shape": ("jax/_src/hijax.py", 1112),
        "hijax_vjp_bwd_return": ("jax/_src/hijax.py", 560),
        "vjp_ref_grad_missing": ("jax/_src/api.py", 1784),
        "tracer_bool": ("jax/_src/errors.py", 519),
    },
    "0.10.2": {
        "grad_nonscalar": ("jax/_src/api.py", 558),
        "grad_int_input": ("jax/_src/api.py", 574),
        "custom_vjp_fwd_not_pair": ("jax/_src/custom_derivatives.py", 880),
        "custom_jvp_no_rule": ("jax/_src/custom_derivatives.py", 288),
        "custom_vjp_bwd_shape": ("jax/_src/custom_derivatives.py", 998),
        "custom_vjp3_bwd_shape": ("jax/_src/custom_derivatives.py", 998),
        "vjp_ref_grad_missing": ("jax/_src/interpreters/ad.py", 500),
        "tracer_bool": ("jax/_src/errors.py", 519),
    },
}


@WHOLE_SET
@pytest.mark.parametrize("version", list(HASHES))
def test_real_messages_find_their_raise_site(built: dict[str, Path], version: str) -> None:
    index = index_for(built, version)
    for program, (file, line) in SCRIPT_SITES[version].items():
        log = LOGS / f"jax-{version}" / "script" / f"{program}.log"
        events = [e for e in parse_text(log.read_text(encoding="utf-8")) if e.message]
        assert events, log
        # The exception as raised (the last member of the chain JAX prints).
        event = events[-1]
        found = index.match(event.message, event.exc_type)
        assert found is not None, (program, event.message)
        assert found.stage == "pattern" and found.score == 1.0, (program, found)
        assert (found.record.file_path, found.record.line_number) == (file, line), program


@WHOLE_SET
@pytest.mark.parametrize("version", list(HASHES))
def test_manifest_messages_match_exactly(built: dict[str, Path], version: str) -> None:
    index = index_for(built, version)
    manifest = json.loads((LOGS / "manifest.json").read_text(encoding="utf-8"))
    programs = manifest["programs"][version]
    matched = set()
    for name, program in programs.items():
        if not program.get("raised") or not program.get("message"):
            continue
        found = index.match(program["message"], program["exception"])
        if found is not None and found.stage == "pattern":
            expected = SCRIPT_SITES[version].get(name)
            if expected is not None:
                assert (found.record.file_path, found.record.line_number) == expected, name
            matched.add(name)
    # JAX's own errors all match; the user-raised errors of the reraise programs do not.
    assert set(SCRIPT_SITES[version]) <= matched | {"hijax_vjp_bwd_return"}
    assert not matched & {"reraise_from", "reraise_implicit"}


@WHOLE_SET
@pytest.mark.parametrize("version", list(HASHES))
def test_unfiltered_tracebacks_confirm_the_raise_line(built: dict[str, Path], version: str) -> None:
    """Where the log shows JAX's own frames, the innermost one is the record's line."""
    index = index_for(built, version)
    checked = 0
    for log in sorted((LOGS / f"jax-{version}" / "script-unfiltered").glob("*.log")):
        for event in parse_text(log.read_text(encoding="utf-8")):
            for member in [event, *event.chain]:
                jax_frames = [f for f in member.frames if "/site-packages/jax/" in f.path]
                found = index.match(member.message, member.exc_type)
                if (
                    not jax_frames
                    or found is None
                    or found.record.raw.get("function", "").endswith("__init__")
                ):
                    continue
                innermost = jax_frames[-1]
                file = "jax/" + innermost.path.split("/site-packages/jax/", 1)[1]
                assert (found.record.file_path, found.record.line_number) == (
                    file,
                    innermost.line,
                ), (log.name, member.message[:80])
                checked += 1
    assert checked >= 2


# ---------------------------------------------------------------- cache and command line


def fake_jax(folder: Path, git_hash: str | None = "0123456789abcdef" * 2 + "01234567") -> Path:
    """A JAX tree of one module with one raise site, as a source checkout or release has it."""
    jax_dir = folder / "jax"
    (jax_dir / "_src").mkdir(parents=True)
    (jax_dir / "__init__.py").write_text("")
    (jax_dir / "version.py").write_text(
        f'_version = "0.9.1"\n_release_version: str | None = None\n_git_hash = {git_hash!r}\n'
    )
    (jax_dir / "_src" / "api.py").write_text(
        "def grad(f):\n  raise TypeError(f'grad of {f} needs a differentiable function')\n"
    )
    return jax_dir


def test_the_cache_is_named_by_version_and_commit() -> None:
    source = find_jax(None, venv_jax(".venv-jax0.10"))
    assert "0.10.2" in cache_path(source).name and HASHES["0.10.2"][:12] in cache_path(source).name


def test_the_second_build_is_a_cache_hit(private_cache: Path, tmp_path: Path) -> None:
    source = find_jax(None, fake_jax(tmp_path))
    first = build_generated(source)
    assert not first.cache_hit and first.stats is not None and first.records == 1
    assert first.path.parent == private_cache == cache_dir()
    assert first.path == cache_path(source)
    assert "0.9.1" in first.path.name and "0123456789ab" in first.path.name
    stamp = first.path.stat().st_mtime_ns
    second = build_generated(source)
    assert second.cache_hit and second.path == first.path and second.records == first.records
    assert first.path.stat().st_mtime_ns == stamp
    assert not build_generated(source, force=True).cache_hit


@WHOLE_SET
def test_the_loaded_set_is_compiled_once_and_read_back_the_same(
    built: dict[str, Path], private_cache: Path
) -> None:
    """The second load reads the compiled form: the same records (all fields, the raw JSON
    too), the same matches for the real messages of the fixture logs; a new curated set makes
    a new compiled form beside the others (the newest few are kept), and a damaged one is
    compiled again."""
    venv_jax(".venv")
    root = REPO  # whose .venv holds JAX
    # The generated set as the shared cache holds it (building it is tested above): what is
    # tested here is the compiled form made beside it.
    private_cache.mkdir(parents=True, exist_ok=True)
    shutil.copy(built["0.12.0.1"], private_cache / built["0.12.0.1"].name)
    curated = list(curated_records())
    first = generated_index(curated, root)
    assert first is not None
    compiled = sorted(private_cache.glob("*.compiled"))
    assert len(compiled) == 1
    second = generated_index(curated, root)
    assert second is not None and second is not first
    # Read from the compiled form, nothing is made before it is used: a match makes the
    # records (and matchers) its message's words select, a few of thousands (all the
    # distinct messages of the logs together make about a fifth).
    assert isinstance(second.records, LazyRecords) and second.records.made_count() == 0
    # Each distinct message once: the logs repeat most of their messages many times.
    messages = dict.fromkeys(
        (message, exc_type) for _, message, exc_type in logged_errors("0.12.0.1")
    )
    assert len(messages) > 50
    matched = 0
    for message, exc_type in messages:
        expected = first.index.match_all(message, exc_type)
        assert second.index.match_all(message, exc_type) == expected, message[:80]
        matched += bool(expected)
    assert matched > 10
    assert 0 < second.records.made_count() < len(second.records) // 3
    assert list(second.records) == list(first.records)
    assert [r.raw for r in second.records] == [r.raw for r in first.records]
    assert second.index.export() == first.index.export()
    # Older forms (other curated sets) beyond the newest few are removed.
    stem = compiled[0].name.rsplit(".", 2)[0]
    older = [private_cache / f"{stem}.{number:024x}.compiled" for number in range(5)]
    for age, old in enumerate(older, start=1):
        old.write_bytes(b"")
        # Far older than the form just written.
        os.utime(old, ns=(time.time_ns() - (10**6 + age) * 10**9,) * 2)
    fewer = generated_index(curated[1:], root)
    assert fewer is not None and len(fewer.records) >= len(first.records)
    kept = sorted(private_cache.glob("*.compiled"))
    [added] = set(kept) - set(compiled) - set(older)
    assert kept == sorted([added, *compiled, *older[:2]])
    # Back to the first curated set: its form is read, not compiled and written again.
    stamp = compiled[0].stat().st_mtime_ns
    assert generated_index(curated, root) is not None
    assert sorted(private_cache.glob("*.compiled")) == kept
    assert compiled[0].stat().st_mtime_ns == stamp
    damaged = added
    damaged.write_bytes(damaged.read_bytes()[:1000])
    again = generated_index(curated[1:], root)
    assert again is not None and list(again.records) == list(fewer.records)


def test_cache_location_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("JAXERR_LS_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "jaxerr-ls"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "jaxerr-ls"


def test_cli_records_build_and_cache_hit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], private_cache: Path
) -> None:
    jax_dir = fake_jax(tmp_path / "tree")
    out = tmp_path / "set.json"
    assert main(["records", "build", "--jax", str(jax_dir), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "JAX 0.9.1 (0123456789ab)" in captured.err and "found via --jax" in captured.err
    assert "1 raise statements" in captured.err and "under 12 literal characters" in captured.err
    assert captured.out.strip() == str(out)
    assert json.loads(out.read_text())["datasetVersion"] == "jax-0.9.1"
    assert main(["records", "build", "--jax", str(jax_dir)]) == 0
    captured = capsys.readouterr()
    assert "cached in" in captured.err
    assert Path(captured.out.strip()).parent == private_cache


def test_cli_records_build_refuses_a_folder_without_jax(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["records", "build", "--jax", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "not a JAX installation" in err and str(tmp_path) in err


# ---------------------------------------------------------------- loading beside curated records


@WHOLE_SET
def test_generated_records_for_a_workspace(
    built: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    venv_jax(".venv")
    # The set `built` made, in the tests' shared cache (building is tested above).
    monkeypatch.setenv("JAXERR_LS_CACHE_DIR", str(built["0.12.0.1"].parent))
    path = generated_records_for(REPO)
    assert path == built["0.12.0.1"]
    assert path is not None
    assert json.loads(path.read_text())["datasetVersion"] == "jax-0.12.0.1"
    assert generated_records_for(REPO) == path


def test_generated_records_for_without_any_jax(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("jaxerr_ls.generated._interpreter_site_packages", lambda: [])
    assert generated_records_for(tmp_path) is None


@WHOLE_SET
@pytest.mark.parametrize("version", list(HASHES))
def test_curated_records_take_precedence(built: dict[str, Path], version: str) -> None:
    """Every message of the captured logs that a curated record explains still gets that
    record once the generated set is loaded after the curated ones."""
    if version not in built:
        pytest.skip(f"jax {version} is not installed")
    curated = list(curated_records())
    kept = kept_set(built[version])
    assert not kept.problems
    total = len(loaded_set(built[version]).records)
    # Each curated record stands for its raise site (and a few for a twin site or two); it
    # must not swallow generated records wholesale.
    assert 1 <= total - len(kept.records) <= 2 * len(curated)
    curated_only = RecordIndex(curated)
    combined = LayeredIndex(curated_only, RecordIndex(kept.records))
    compared = 0
    for log_name, message, exc_type in logged_errors(version):
        before = curated_only.match(message, exc_type)
        if before is None:
            continue
        after = combined.match(message, exc_type)
        assert after is not None, (log_name, message[:80])
        if before.stage == STAGE_FUZZY and after.stage != STAGE_FUZZY:
            # A reworded message's own raise site, found exactly, beats a guess.
            assert GENERATED_TAG in after.record.tags
        else:
            assert after.record.code == before.record.code, (log_name, message[:80])
        compared += 1
    assert compared >= 10
    # A JAX error no curated record knows is recognised by the generated set...
    # (generated sets match exactly: they are built for the exact JAX version, so the message is
    # this version's own, from the captured run)
    manifest = json.loads((LOGS / "manifest.json").read_text())
    message = manifest["programs"][version]["layer_shape_mismatch"]["message"]
    found = combined.match(message, "TypeError")
    assert found is not None and found.record.code.startswith("jax-dot-general-requires")
    # ...and so is one that a curated record resembles without being it.
    if version == "0.12.0.1":
        message = "Scale.transpose should return None or a dict of backward-pass log entries, got 3"
        found = combined.match(message, "TypeError")
        assert found is not None and found.stage == "pattern"
        assert (found.record.file_path, found.record.line_number) == ("jax/_src/hijax.py", 604)


def test_source_record_type_is_exposed() -> None:
    assert JaxSource(Path("/x/jax"), "0.12.0.1", None, "--jax").ref == "jax-v0.12.0.1"


def test_a_tree_this_interpreter_cannot_parse_is_read_by_the_projects_python_when_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """JAX 0.12 uses Python 3.12 syntax: a jaxerr-ls on 3.11 skips those files, or, when the
    user trusts the project's interpreter, runs extract.py (standard library only) under it."""
    import sys

    from jaxerr_ls import generated
    from jaxerr_ls.extract import ExtractStats

    venv = tmp_path / "venv"
    jax_dir = venv / "lib" / "python3.99" / "site-packages" / "jax"
    (jax_dir / "_src").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (venv / "bin").mkdir()
    (venv / "bin" / "python").symlink_to(sys.executable)
    (jax_dir / "__init__.py").write_text("")
    (jax_dir / "version.py").write_text('_version = "0.12.0.1"\n_git_hash = None\n')
    (jax_dir / "_src" / "api.py").write_text(
        "def grad(f):\n  raise TypeError(f'grad of {f} needs a differentiable function')\n"
    )
    source = find_jax(None, venv)
    assert generated.project_python(source.path) == venv / "bin" / "python"

    def cannot_parse(path: Path) -> tuple[list[object], ExtractStats]:
        return [], ExtractStats(files=2, unparsable_files=["jax/_src/api.py"])

    monkeypatch.setattr(generated, "extract_tree", cannot_parse)
    # Untrusted (the default), the project's interpreter never runs: the files are skipped.
    sites, stats, parsed_with = generated.extract_jax(source)
    assert (sites, stats.unparsable_files, parsed_with) == ([], ["jax/_src/api.py"], sys.executable)
    sites, stats, parsed_with = generated.extract_jax(source, trust_interpreter=True)
    assert parsed_with == str(venv / "bin" / "python")
    assert not stats.unparsable_files
    assert [(s.file, s.line, s.template) for s in sites] == [
        ("jax/_src/api.py", 2, "grad of {f} needs a differentiable function")
    ]
