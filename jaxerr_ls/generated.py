"""The generated record set: one record per JAX raise site, for the JAX a workspace uses.

Finding JAX never imports it: the ``jax/`` package folder is located on disk (``--jax``, the
active virtualenv, the workspace's ``.venv``/``venv``, the running interpreter's
site-packages) and its version read from ``jax/version.py`` with ``ast``. A set is built once
per JAX version and git hash (and extractor version) and cached in the user's cache folder
(``$JAXERR_LS_CACHE_DIR``, else ``$XDG_CACHE_HOME/jaxerr-ls``, else ``~/.cache/jaxerr-ls``).

Curated records always take precedence: :func:`load_generated` drops every generated record
that a curated record already explains (same id or code, or a curated record matches the
generated message), so loaders put the curated folders first and the generated set last.
"""

from __future__ import annotations

import ast
import contextlib
import glob
import hashlib
import json
import logging
import marshal
import os
import re
import site
import sys
import sysconfig
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jaxerr_ls import compiled, extract
from jaxerr_ls.compiled import cache_dir
from jaxerr_ls.environments import venv_site_packages
from jaxerr_ls.extract import (
    EXTRACTOR_VERSION,
    ExtractStats,
    RaiseSite,
    extract_tree,
    site_from_json,
)
from jaxerr_ls.records import (
    CODE_RE,
    LoadResult,
    Record,
    RecordProblem,
    load_record_file,
)

if TYPE_CHECKING:
    from jaxerr_ls.matching import Match, RecordIndex

log = logging.getLogger(__name__)

JAX_REPO_URL = "https://github.com/jax-ml/jax"
_SLUG_WORDS = 6
_SLUG_CHARS = 48


class JaxNotFound(LookupError):
    """No usable ``jax`` package folder where one was looked for."""


@dataclass(frozen=True, slots=True)
class JaxSource:
    """A JAX package folder on disk and what it is."""

    path: Path
    version: str
    git_hash: str | None
    found_via: str

    @property
    def ref(self) -> str:
        """The commit (or, without one, the release tag) links are pinned to."""
        return self.git_hash if self.git_hash else f"jax-v{self.version}"


@dataclass(frozen=True, slots=True)
class BuildResult:
    """Where a generated set is, and whether it was built now or found in the cache."""

    path: Path
    source: JaxSource
    cache_hit: bool
    records: int
    stats: ExtractStats | None


# ---------------------------------------------------------------- finding JAX


def read_jax_version(jax_dir: Path) -> tuple[str, str | None]:
    """(version, git hash or None) from ``jax/version.py``, parsed, never imported."""
    version_file = jax_dir / "version.py"
    try:
        tree = ast.parse(version_file.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError) as exc:
        raise JaxNotFound(f"{jax_dir}: no readable jax/version.py ({exc})") from None
    values: dict[str, object] = {}
    for node in tree.body:
        target: ast.expr | None = None
        value: ast.expr | None = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        if isinstance(target, ast.Name) and isinstance(value, ast.Constant):
            values[target.id] = value.value
    release = values.get("_release_version")
    # JAX before 0.4.6 names its version ``__version__`` only.
    version = (
        release if isinstance(release, str) else values.get("_version", values.get("__version__"))
    )
    if not isinstance(version, str) or not re.match(r"^\d+\.\d+", version):
        raise JaxNotFound(f"{jax_dir}: jax/version.py names no version")
    git_hash = values.get("_git_hash")
    if not isinstance(git_hash, str) or not re.fullmatch(r"[0-9a-f]{40}", git_hash):
        git_hash = None
    return version, git_hash


def _as_jax_dir(path: Path) -> Path | None:
    """The ``jax`` package folder for a path naming it, its parent, or a virtualenv."""
    candidates = [path, path / "jax"]
    candidates += [Path(p) / "jax" for p in venv_site_packages(path)]
    for candidate in candidates:
        if (candidate / "version.py").is_file() and (candidate / "__init__.py").is_file():
            return candidate
    return None


def _interpreter_site_packages() -> list[Path]:
    paths: list[str] = []
    if hasattr(site, "getsitepackages"):  # some embedded interpreters lack it
        paths.extend(site.getsitepackages())
    for key in ("purelib", "platlib"):
        paths.append(sysconfig.get_paths()[key])
    user = site.getusersitepackages() if hasattr(site, "getusersitepackages") else None
    if isinstance(user, str):
        paths.append(user)
    unique: dict[str, None] = dict.fromkeys(paths)
    return [Path(p) for p in unique]


def find_jax(root: Path | None = None, explicit: Path | None = None) -> JaxSource:
    """The JAX a project uses, located on disk without importing it.

    Order: ``explicit`` (``--jax``: a ``jax`` folder, the folder holding it, or a
    virtualenv), the active virtualenv (``$VIRTUAL_ENV``), ``root/.venv`` and ``root/venv``
    (root defaults to the current folder), then the running interpreter's site-packages.
    Raises JaxNotFound; with ``explicit`` only that path is tried.
    """
    if explicit is not None:
        jax_dir = _as_jax_dir(explicit)
        if jax_dir is None:
            raise JaxNotFound(f"{explicit}: not a JAX installation (no jax/version.py)")
        version, git_hash = read_jax_version(jax_dir)
        return JaxSource(jax_dir.resolve(), version, git_hash, "--jax")
    base = root if root is not None else Path.cwd()
    places: list[tuple[Path, str]] = []
    virtual_env = os.environ.get("VIRTUAL_ENV")
    if virtual_env:
        places.append((Path(virtual_env), "$VIRTUAL_ENV"))
    for name in (".venv", "venv"):
        places.append((base / name, f"{name} in {base}"))
    for location in _interpreter_site_packages():
        places.append((location, f"the interpreter {sys.executable}"))
    for place, how in places:
        jax_dir = _as_jax_dir(place) if place.is_dir() else None
        if jax_dir is None:
            continue
        try:
            version, git_hash = read_jax_version(jax_dir)
        except JaxNotFound:
            continue
        return JaxSource(jax_dir.resolve(), version, git_hash, how)
    raise JaxNotFound(f"no JAX installation found for {base} (looked in {len(places)} places)")


# ---------------------------------------------------------------- records


def record_id(file_path: str, template: str) -> str:
    """The id convention of data/README.md: sha1(filePath + NUL + errorMessage), 16 hex."""
    return hashlib.sha1(f"{file_path}\0{template}".encode()).hexdigest()[:16]


def _slug(raise_site: RaiseSite) -> str:
    words: list[str] = []
    for kind, text in raise_site.parts:
        if kind == "lit":
            words.extend(w.lower() for w in re.findall(r"[A-Za-z0-9]+", text))
    slug = "-".join(words[:_SLUG_WORDS])[:_SLUG_CHARS].strip("-")
    return slug or "error"


def github_url(source: JaxSource, file_path: str, line: int) -> str:
    return f"{JAX_REPO_URL}/blob/{source.ref}/{file_path}#L{line}"


def records_from_sites(sites: Iterable[RaiseSite], source: JaxSource) -> list[dict[str, Any]]:
    """Seed-format record dicts, one per (file, template); repeats list their other lines."""
    by_id: dict[str, dict[str, Any]] = {}
    codes: set[str] = set()
    for raise_site in sorted(sites, key=lambda s: (s.file, s.line, s.template)):
        rid = record_id(raise_site.file, raise_site.template)
        existing = by_id.get(rid)
        if existing is not None:
            line = raise_site.line
            if line != existing["lineNumber"] and line not in existing["alsoRaisedAt"]:
                existing["alsoRaisedAt"].append(line)
            existing["placeholderValues"] = _either_values(
                existing["placeholderValues"], raise_site.values
            )
            continue
        slug = _slug(raise_site)
        code = f"jax-{slug}-{rid[:8]}"
        extra = 8
        while code in codes or not CODE_RE.match(code):
            extra += 2
            code = f"jax-{slug[: 70 - extra]}-{rid[:extra]}".replace("--", "-")
        codes.add(code)
        link = github_url(source, raise_site.file, raise_site.line)
        where = (
            f"{raise_site.function} ({raise_site.file})"
            if raise_site.function != "<module>"
            else raise_site.file
        )
        by_id[rid] = {
            "id": rid,
            "code": code,
            "repo": "jax-ml/jax",
            "errorMessage": raise_site.template,
            "messagePattern": raise_site.pattern,
            "errorClass": raise_site.error_class,
            "severity": "error",
            "filePath": raise_site.file,
            "lineNumber": raise_site.line,
            "githubUrl": link,
            "documentation": (
                f"JAX raises this {raise_site.error_class} in {where}. No curated explanation yet."
            ),
            "solutions": [
                f"Read the check that raises it at {link} to see which condition the "
                "call did not meet, and change the inputs or the function passed to JAX "
                "accordingly."
            ],
            "tags": ["jax", "generated"],
            "function": raise_site.function,
            "alsoRaisedAt": [],
            "placeholderValues": [[n, list(values)] for n, values in raise_site.values],
        }
    records = list(by_id.values())
    for record in records:
        if not record["placeholderValues"]:
            del record["placeholderValues"]
    return records


def _either_values(
    known: list[list[Any]], more: tuple[tuple[int, tuple[str, ...]], ...]
) -> list[list[Any]]:
    """The values a record's wildcards take when one more raise statement has its template:
    a wildcard stays fixed only where every statement fixes it, to any of their values."""
    other = dict(more)
    return [
        [number, sorted({*values, *other[number]})] for number, values in known if number in other
    ]


def project_python(jax_dir: Path) -> Path | None:
    """The interpreter of the virtualenv a ``.../lib/pythonX.Y/site-packages/jax`` is in."""
    parents = jax_dir.resolve().parents
    for venv in parents[:4]:
        if (venv / "pyvenv.cfg").is_file():
            for candidate in (venv / "bin" / "python", venv / "Scripts" / "python.exe"):
                if candidate.is_file():
                    return candidate
    return None


def _extract_with(python: Path, jax_dir: Path) -> tuple[list[RaiseSite], ExtractStats] | None:
    """Run extract.py (standard library only) as a script under another interpreter.

    ``-I -S``: isolated, and no site-packages (so no ``.pth`` file of the project runs).
    """
    import subprocess
    from dataclasses import fields

    script = Path(extract.__file__).resolve()
    try:
        done = subprocess.run(
            [str(python), "-I", "-S", str(script), str(jax_dir)],
            capture_output=True,
            timeout=300,
            check=True,
        )
        document = json.loads(done.stdout)
        sites = [site_from_json(raw) for raw in document["sites"]]
        known = {f.name for f in fields(ExtractStats)}
        stats = ExtractStats(**{k: v for k, v in document["stats"].items() if k in known})
    except (OSError, subprocess.SubprocessError, ValueError, KeyError, TypeError):
        return None
    return sites, stats


def extract_jax(
    source: JaxSource, *, trust_interpreter: bool = False
) -> tuple[list[RaiseSite], ExtractStats, str]:
    """The raise sites of a JAX tree, and which interpreter parsed it.

    The files this interpreter cannot parse (JAX 0.12 uses Python 3.12 syntax; a server
    running on 3.11 cannot read it) are skipped, and a warning says so. Only with
    ``trust_interpreter`` (the user's word that the project's interpreter may run), when the
    JAX lives in a virtualenv, is the extraction run again under that virtualenv's
    interpreter and used if it parsed more.
    """
    sites, stats = extract_tree(source.path)
    parsed_with = sys.executable
    python = project_python(source.path) if stats.unparsable_files else None
    if python is not None and not trust_interpreter:
        log.warning(
            "JAX %s: %d files cannot be parsed by Python %d.%d and are skipped; the project's "
            "%s was not run (trustWorkspaceInterpreter / --trust-workspace-interpreter is off)",
            source.version,
            len(stats.unparsable_files),
            *sys.version_info[:2],
            python,
        )
        python = None
    if python is not None:
        again = _extract_with(python, source.path)
        if again is not None and len(again[1].unparsable_files) < len(stats.unparsable_files):
            sites, stats = again
            parsed_with = str(python)
    return sites, stats, parsed_with


def build_document(
    source: JaxSource, *, trust_interpreter: bool = False
) -> tuple[dict[str, Any], ExtractStats]:
    """Extract a JAX tree and wrap its records in the ``{"records": [...]}`` envelope."""
    from jaxerr_ls import __version__

    sites, stats, parsed_with = extract_jax(source, trust_interpreter=trust_interpreter)
    records = records_from_sites(sites, source)
    document = {
        "records": records,
        "datasetVersion": f"jax-{source.version}",
        "generatedFrom": {
            "jaxVersion": source.version,
            "gitHash": source.git_hash,
            "jaxPath": str(source.path),
            "extractor": f"jaxerr-ls {__version__}",
            "extractorVersion": EXTRACTOR_VERSION,
            "parsedWith": parsed_with,
            "builtAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "files": stats.files,
            "unparsableFiles": stats.unparsable_files,
            "raiseStatements": stats.raise_statements,
            "templates": stats.templates,
            "records": len(records),
            "skipped": {
                "noMessage": stats.no_message,
                "notAClass": stats.not_a_class,
                "tooLittleLiteralText": stats.too_little_literal,
            },
            "seconds": round(stats.seconds, 3),
        },
    }
    return document, stats


# ---------------------------------------------------------------- cache


def _tree_fingerprint(jax_dir: Path) -> str:
    """For a JAX without a git hash (a source checkout): the files' sizes and times."""
    digest = hashlib.sha1()
    for path in sorted(jax_dir.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(jax_dir)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:12]


def cache_path(source: JaxSource) -> Path:
    """Where the set for this JAX (version, commit) and extractor version is cached."""
    ident = source.git_hash[:12] if source.git_hash else "tree-" + _tree_fingerprint(source.path)
    safe_version = re.sub(r"[^\w.+-]", "_", source.version)
    name = f"generated-jax-{safe_version}-{ident}-x{EXTRACTOR_VERSION}.json"
    return cache_dir() / name


def _temporary_beside(name: str, folder: Path) -> tuple[int, str]:
    """A new temporary file in ``folder``, to be renamed over ``name`` once written."""
    # Imported here: only a run that writes a cache file needs it (with ``random``, about
    # 7 ms of every start).
    import tempfile

    return tempfile.mkstemp(prefix=name, suffix=".tmp", dir=folder)


def _write_atomic(path: Path, document: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = _temporary_beside(path.name, path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(document, stream, ensure_ascii=False, separators=(",", ":"))
            stream.write("\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _cached_record_count(path: Path) -> tuple[int, bool] | None:
    """How many records a cached set holds, and whether files of its JAX were skipped."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    records = document.get("records") if isinstance(document, dict) else None
    if not isinstance(records, list):
        return None
    built_from = document.get("generatedFrom")
    skipped = isinstance(built_from, dict) and bool(built_from.get("unparsableFiles"))
    return len(records), skipped


def build_generated(
    source: JaxSource, *, force: bool = False, trust_interpreter: bool = False
) -> BuildResult:
    """The cached set for this JAX, built (and cached) first when missing or forced, or when
    the project's interpreter is now trusted to parse files the cached build skipped."""
    path = cache_path(source)
    if not force and path.is_file():
        cached = _cached_record_count(path)
        if cached is not None and not (
            cached[1] and trust_interpreter and project_python(source.path) is not None
        ):
            return BuildResult(path, source, True, cached[0], None)
    document, stats = build_document(source, trust_interpreter=trust_interpreter)
    _write_atomic(path, document)
    return BuildResult(path, source, False, len(document["records"]), stats)


def generated_records_for(root: Path | None, *, trust_interpreter: bool = False) -> Path | None:
    """The generated record file for the JAX the project at ``root`` uses, or None.

    Finds JAX without importing it, builds the set on first use (a few seconds) and reuses
    the cached file afterwards. Never raises: no JAX, or a cache that cannot be written,
    gives None (the curated records still work).
    """
    try:
        source = find_jax(root)
        return build_generated(source, trust_interpreter=trust_interpreter).path
    except (JaxNotFound, OSError):
        return None


# ---------------------------------------------------------------- loading beside curated records


def _sample_message(record: Record) -> str:
    """A message the record's template could produce: each placeholder read as ``x``."""
    parts = re.split(r"\{[^{}]*\}", record.error_message.replace("{{", "\0").replace("}}", "\1"))
    text = "x".join(parts)
    return text.replace("\0", "{").replace("\1", "}")


def _literal_words(template: str) -> set[str]:
    from jaxerr_ls.matching import segments_from_template

    segments = segments_from_template(template)
    text = " ".join(segments.literals) if segments is not None else template
    return {word for word in re.findall(r"[A-Za-z0-9_]+", text) if len(word) >= 3}


def curated_explains(found: Match, template: str) -> bool:
    """Whether the curated record a raise site's message matched (``found``) explains it: an
    exact match does; a fuzzy one only when the site's wording uses no word the curated one
    lacks (an older, shorter wording of the same error, not a similar but different one)."""
    from jaxerr_ls.matching import STAGE_FUZZY

    if found.stage != STAGE_FUZZY:
        return True
    return _literal_words(template) <= _literal_words(found.record.error_message)


def load_generated(path: Path, curated: Sequence[Record]) -> LoadResult:
    """The generated records in ``path`` that no curated record already explains.

    A generated record is dropped (silently: it is expected) when a curated record has its id
    or code, or matches the generated message exactly (pattern or template stage), so that a
    curated record is never outranked by the generated one for its error. A curated record
    that only matches fuzzily takes the generated record's place only when the generated
    wording uses no word the curated one lacks (an older, shorter wording of the same error):
    a similar but different error ("transpose should return None or a dict" beside the
    curated "vjp_bwd should return None or a dict") keeps its own, exact, generated record.
    """
    from jaxerr_ls.matching import RecordIndex

    loaded = load_record_file(path, check_patterns=False)  # our own extractor's patterns
    ids = {record.id for record in curated}
    codes = {record.code for record in curated}
    index = RecordIndex(curated) if curated else None
    kept = LoadResult(problems=loaded.problems)
    for record in loaded.records:
        if record.id in ids or record.code in codes:
            continue
        found = None if index is None else index.match(_sample_message(record), None)
        if found is not None and curated_explains(found, record.error_message):
            continue
        kept.records.append(record)
    return kept


def generated_set(
    curated: Sequence[Record], root: Path | None, *, trust_interpreter: bool = False
) -> LoadResult | None:
    """The generated records for the JAX of the project at ``root`` that no curated record
    explains (see ``load_generated``); None when no JAX is found. Builds the set on first use
    for a JAX version (about 3 s), then reads the cache."""
    path = generated_records_for(root, trust_interpreter=trust_interpreter)
    return None if path is None else load_generated(path, curated)


# ------------------------------------------------------- the loaded set, compiled for fast loading

# Bumped when what a compiled file holds changes shape.
_COMPILED_FORMAT = 2


def _compiled_key(path: Path, curated: Sequence[Record]) -> str | None:
    """What a compiled form of ``path`` depends on: the generated file, the curated records
    that decide which generated ones are kept, and the code and interpreter that compiled it
    (``marshal``'s format is the interpreter's). None when the file cannot be read."""
    from jaxerr_ls import __version__, matching, records

    digest = hashlib.sha256()
    try:
        status = path.stat()
        for module in (matching, records, compiled, sys.modules[__name__]):
            if module.__file__ is not None:
                digest.update(Path(module.__file__).read_bytes())
    except OSError:
        return None
    for part in (
        _COMPILED_FORMAT,
        sys.version,
        marshal.version,
        __version__,
        path.name,
        status.st_size,
        status.st_mtime_ns,
    ):
        digest.update(f"{part}\0".encode())
    for record in curated:
        for text in (record.id, record.code, record.message_pattern, record.error_message):
            digest.update(f"{text}\0".encode())
        digest.update(f"{record.error_class}\0{','.join(record.tags)}\1".encode())
    return digest.hexdigest()[:24]


# How many compiled forms of one generated file are kept (each a few MB).
MAX_COMPILED_FORMS = 4


def _compiled_path(path: Path, key: str) -> Path:
    return path.with_name(f"{path.stem}.{key}.compiled")


@dataclass(frozen=True, slots=True)
class GeneratedIndex:
    """The generated records kept beside some curated ones, and their index. Read from the
    compiled form, a record (and a matcher of the index) is made only when first used."""

    records: Sequence[Record]
    problems: list[RecordProblem]
    index: RecordIndex
    # Whether the build skipped files of its JAX that this interpreter could not parse.
    skipped: bool


def _read_compiled(path: Path, key: str, fuzzy_threshold: float) -> GeneratedIndex | None:
    from jaxerr_ls.matching import LazyRecords, RecordIndex

    try:
        found = compiled.read(_compiled_path(path, key))
        if found is None:
            return None
        (form, skipped, problems, exported), (rows, matchers) = found
        if form != _COMPILED_FORMAT:
            return None
        records = LazyRecords(rows, compiled.record_from_row)
        index = RecordIndex.from_export(
            records, (matchers, *exported), fuzzy_threshold=fuzzy_threshold
        )
        kept = [RecordProblem(*problem) for problem in problems]
    except (OSError, EOFError, ValueError, TypeError, IndexError, re.error):
        # From another interpreter, or damaged: compiled again from the JSON.
        return None
    return GeneratedIndex(records, kept, index, bool(skipped))


def _write_compiled(path: Path, key: str, found: GeneratedIndex) -> None:
    # Each record and each matcher is stored alone: reading the file reads only the index's
    # words and numbers, and a record or matcher is decoded on first use.
    matchers, *exported = found.index.export()
    problems = [(p.path, p.field, p.message) for p in found.problems]
    head = (_COMPILED_FORMAT, found.skipped, problems, tuple(exported))
    compiled.write(
        _compiled_path(path, key), head, [map(compiled.record_row, found.records), matchers]
    )
    # A few compiled forms per generated file, the newest: projects with records of their own,
    # or two versions of jaxerr-ls, share the generated set, and with one form each would
    # compile it again whenever the other had run last.
    compiled.keep_newest(path.parent, f"{glob.escape(path.stem)}.*.compiled", MAX_COMPILED_FORMS)


def generated_index(
    curated: Sequence[Record],
    root: Path | None,
    *,
    trust_interpreter: bool = False,
    fuzzy_threshold: float | None = None,
) -> GeneratedIndex | None:
    """``generated_set`` and its index, read from a compiled form cached beside the generated
    file when one matches (a tenth of a second, against seconds to load, filter and index the
    JSON), else built from the JSON and then cached so. None when no JAX is found."""
    from jaxerr_ls.matching import DEFAULT_FUZZY_THRESHOLD, RecordIndex

    threshold = DEFAULT_FUZZY_THRESHOLD if fuzzy_threshold is None else fuzzy_threshold
    try:
        source = find_jax(root)
    except (JaxNotFound, OSError):
        return None
    path = cache_path(source)
    key = _compiled_key(path, curated) if path.is_file() else None
    found = _read_compiled(path, key, threshold) if key is not None else None
    if found is not None and not (
        found.skipped and trust_interpreter and project_python(source.path) is not None
    ):
        return found
    try:
        path = build_generated(source, trust_interpreter=trust_interpreter).path
    except OSError:
        return None
    loaded = load_generated(path, curated)
    cached = _cached_record_count(path)
    found = GeneratedIndex(
        loaded.records,
        loaded.problems,
        RecordIndex(loaded.records, fuzzy_threshold=threshold),
        cached is not None and cached[1],
    )
    key = _compiled_key(path, curated)
    if key is not None:
        with contextlib.suppress(OSError, ValueError):
            _write_compiled(path, key, found)
    return found
