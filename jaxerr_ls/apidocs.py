"""JAX API docs as data: the ApiDoc model, loading and validating data/api/*.json, rendering."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jaxerr_ls import PACKAGE_DIR
from jaxerr_ls.jsonfields import FieldError, FileProblem, json_files, optional_str, required_str
from jaxerr_ls.records import Record

KINDS = ("function", "class", "method", "decorator")
# A dotted Python name: what jedi reports as a definition's full name.
FULL_NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")

# The shared kinds, under names that say what they are about here.
ApiDocProblem = FileProblem
ApiDocFieldError = FieldError


@dataclass(frozen=True, slots=True)
class ApiDoc:
    """What a JAX user should know about one autodiff API, shown when hovering over its name."""

    name: str
    aliases: tuple[str, ...]
    kind: str
    signature: str
    summary: str
    explanation: str
    docs_url: str
    since: str | None = None
    version_notes: str | None = None
    related: tuple[str, ...] = ()
    source_path: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The canonical name followed by every alias."""
        return (self.name, *self.aliases)


@dataclass(slots=True)
class ApiDocLoadResult:
    """The API docs that loaded, and a problem for each one that did not."""

    docs: list[ApiDoc] = field(default_factory=list)
    problems: list[ApiDocProblem] = field(default_factory=list)


def _name_list(raw: dict[str, Any], name: str) -> tuple[str, ...]:
    value = raw.get(name, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ApiDocFieldError(name, "must be a list of strings")
    for item in value:
        if not FULL_NAME_RE.match(item):
            raise ApiDocFieldError(name, f"{item!r} is not a dotted Python name")
    if len(set(value)) != len(value):
        raise ApiDocFieldError(name, "lists a name twice")
    return tuple(value)


def api_doc_from_dict(raw: Any, *, source_path: str | None = None) -> ApiDoc:
    """Validate one API doc's fields and build it; raises ApiDocFieldError naming the bad field."""
    if not isinstance(raw, dict):
        raise ApiDocFieldError("", f"must be a JSON object, not {type(raw).__name__}")
    name = required_str(raw, "name")
    if not FULL_NAME_RE.match(name):
        raise ApiDocFieldError("name", f"{name!r} is not a dotted Python name")
    kind = required_str(raw, "kind")
    if kind not in KINDS:
        raise ApiDocFieldError("kind", f"must be one of {', '.join(KINDS)}, not {kind!r}")
    docs_url = required_str(raw, "docsUrl")
    if not docs_url.startswith("https://"):
        raise ApiDocFieldError("docsUrl", "must be an https:// link")
    aliases = _name_list(raw, "aliases")
    if name in aliases:
        raise ApiDocFieldError("aliases", f"repeats the name {name!r}")
    return ApiDoc(
        name=name,
        aliases=aliases,
        kind=kind,
        signature=required_str(raw, "signature"),
        summary=" ".join(required_str(raw, "summary").split()),
        explanation=required_str(raw, "explanation"),
        docs_url=docs_url,
        since=optional_str(raw, "since"),
        version_notes=optional_str(raw, "versionNotes"),
        related=_name_list(raw, "related"),
        source_path=source_path,
    )


def load_api_doc_file(path: Path) -> ApiDoc | ApiDocProblem:
    """Load one API doc file, or say what is wrong with it."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return ApiDocProblem(str(path), "", f"cannot be read: {exc.strerror}")
    except UnicodeDecodeError:
        return ApiDocProblem(str(path), "", "is not UTF-8 text")
    except json.JSONDecodeError as exc:
        message = f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        return ApiDocProblem(str(path), "", message)
    try:
        return api_doc_from_dict(document, source_path=str(path))
    except ApiDocFieldError as exc:
        return ApiDocProblem(str(path), exc.field_name, exc.message)


def bundled_api_dir() -> Path:
    """The folder of API docs shipped with the package (data/api in the repo)."""
    return (Path(PACKAGE_DIR) / "data" / "api").resolve()


def load_api_docs(dirs: Iterable[Path | str] | None = None) -> ApiDocLoadResult:
    """Load all API docs from the given folders (or files); the bundled ones by default.

    A doc whose name or alias is already taken by an earlier doc is reported and skipped, so a
    lookup never depends on load order. A `related` name that no loaded doc has is reported too
    (the doc is kept; the dangling link is just not shown).
    """
    sources = [bundled_api_dir()] if dirs is None else [Path(d) for d in dirs]
    result = ApiDocLoadResult()
    owner: dict[str, str] = {}
    for path in json_files(sources, result.problems):
        loaded = load_api_doc_file(path)
        if isinstance(loaded, ApiDocProblem):
            result.problems.append(loaded)
            continue
        clash = next((n for n in loaded.names if n in owner), None)
        if clash is not None:
            where = "name" if clash == loaded.name else "aliases"
            message = f"{clash!r} is already documented by {owner[clash]}"
            result.problems.append(ApiDocProblem(str(path), where, message))
            continue
        for name in loaded.names:
            owner[name] = str(path)
        result.docs.append(loaded)
    known = {doc.name for doc in result.docs}
    for doc in result.docs:
        for name in doc.related:
            if name not in known:
                message = f"{name!r} is not the name of a loaded API doc"
                result.problems.append(
                    ApiDocProblem(doc.source_path or doc.name, "related", message)
                )
    return result


class ApiDocs:
    """An index of API docs by canonical name and alias."""

    def __init__(self, docs: Iterable[ApiDoc]) -> None:
        self._docs: dict[str, ApiDoc] = {}
        self._by_any_name: dict[str, ApiDoc] = {}
        self._prefixes: set[str] = set()
        for doc in docs:
            self._docs.setdefault(doc.name, doc)
            for name in doc.names:
                self._by_any_name.setdefault(name, doc)
                parts = name.split(".")
                self._prefixes.update(".".join(parts[:cut]) for cut in range(1, len(parts)))

    @classmethod
    def bundled(cls) -> ApiDocs:
        """The docs shipped with the package (problems, if any, are the tests' business)."""
        return cls(load_api_docs().docs)

    def __iter__(self) -> Iterator[ApiDoc]:
        return iter(self._docs.values())

    def __len__(self) -> int:
        return len(self._docs)

    def __contains__(self, full_name: object) -> bool:
        return isinstance(full_name, str) and self.by_name(full_name) is not None

    def has_names_under(self, prefix: str) -> bool:
        """Whether some documented name or alias starts with `prefix.` (`jax.lax`: yes)."""
        return prefix in self._prefixes

    def by_name(self, full_name: str) -> ApiDoc | None:
        """The doc for a full name: canonical, an alias, or a member reached through an alias.

        ``jax._src.custom_derivatives.custom_vjp.defvjp`` is found by rewriting its longest
        known prefix (``jax._src.custom_derivatives.custom_vjp``, an alias of ``jax.custom_vjp``)
        to the canonical name and looking up ``jax.custom_vjp.defvjp``.
        """
        doc = self._by_any_name.get(full_name)
        if doc is not None:
            return doc
        parts = full_name.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            owner = self._by_any_name.get(".".join(parts[:cut]))
            if owner is not None:
                return self._by_any_name.get(".".join([owner.name, *parts[cut:]]))
        return None


# How many of an API's errors a hover lists; the rest are counted ("and 27 more").
HOVER_ERRORS = 5


def records_for(doc: ApiDoc, records: Iterable[Record]) -> list[Record]:
    """The records whose `apis` name this API (by its name or an alias), in the given order."""
    names = set(doc.names)
    return [record for record in records if names.intersection(record.apis)]


def relevant_records(
    doc: ApiDoc, records: Iterable[Record], current: Iterable[str] = ()
) -> list[Record]:
    """The API's records, most relevant first: those the user has now (``current`` codes),
    then those about this API above all (it comes first in their `apis`), then the others;
    the given order within each."""
    names = set(doc.names)
    now = set(current)

    def rank(record: Record) -> tuple[bool, int]:
        position = next(i for i, api in enumerate(record.apis) if api in names)
        return (record.code not in now, position)

    return sorted(records_for(doc, records), key=rank)


# Characters that Markdown could read as markup. An underscore inside a word (custom_vjp) never
# starts emphasis, so only the ones at a word's edge (__init__) are escaped, keeping raw text clean.
_MARKDOWN_SPECIAL_RE = re.compile(r"[\\*<\[\]]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")


def _escape_markdown(text: str) -> str:
    """Keep prose literal in Markdown: `*args` and `__init__` must not turn into emphasis."""
    return _MARKDOWN_SPECIAL_RE.sub(lambda m: "\\" + m.group(0), text)


def _markdown_prose(text: str) -> str:
    """Escape prose, leaving `code spans` alone."""
    pieces = re.split(r"(`[^`\n]+`)", text)
    return "".join(p if p.startswith("`") else _escape_markdown(p) for p in pieces)


def _versions(doc: ApiDoc) -> list[str]:
    return [text.strip() for text in (doc.since, doc.version_notes) if text and text.strip()]


def api_doc_markdown(
    doc: ApiDoc, records: Iterable[Record] = (), current: Iterable[str] = ()
) -> str:
    """An API doc for an editor's hover, with the most relevant errors recorded against the
    API (see `relevant_records`)."""
    out = ["```python", doc.signature, "```", ""]
    out += [f"**{_escape_markdown(doc.name)}** ({doc.kind}): {_markdown_prose(doc.summary)}", ""]
    for paragraph in doc.explanation.strip().split("\n\n"):
        out += [_markdown_prose(" ".join(paragraph.split())), ""]
    versions = _versions(doc)
    if versions:
        out += [f"*Versions:* {_markdown_prose(' '.join(versions))}", ""]
    if doc.related:
        related = ", ".join(f"`{name}`" for name in doc.related)
        out += [f"See also: {related}", ""]
    out += [f"[JAX documentation for {_escape_markdown(doc.name)}]({doc.docs_url})", ""]
    errors = relevant_records(doc, records, current)
    if errors:
        out += ["**Errors you may hit**", ""]
        out += [
            f"- `{record.code}`: {_markdown_prose(record.summary)}"
            for record in errors[:HOVER_ERRORS]
        ]
        if len(errors) > HOVER_ERRORS:
            out.append(f"- and {len(errors) - HOVER_ERRORS} more")
    return "\n".join(out).rstrip() + "\n"


def api_doc_plaintext(
    doc: ApiDoc, records: Iterable[Record] = (), current: Iterable[str] = (), width: int = 80
) -> str:
    """An API doc as plain text, for clients that show hovers raw (some Neovim setups)."""

    def para(text: str, indent: str = "", subsequent: str | None = None) -> str:
        return textwrap.fill(
            " ".join(text.split()),
            width,
            initial_indent=indent,
            subsequent_indent=indent if subsequent is None else subsequent,
            break_on_hyphens=False,
            break_long_words=False,
        )

    out = [textwrap.indent(doc.signature, "    "), ""]
    out += [para(f"{doc.name} ({doc.kind}): {doc.summary}"), ""]
    for paragraph in doc.explanation.strip().split("\n\n"):
        out += [para(paragraph), ""]
    versions = _versions(doc)
    if versions:
        out += [para("Versions: " + " ".join(versions), subsequent="  "), ""]
    if doc.related:
        out += [para("See also: " + ", ".join(doc.related), subsequent="  "), ""]
    out += [f"Docs: {doc.docs_url}", ""]
    errors = relevant_records(doc, records, current)
    if errors:
        out.append("Errors you may hit:")
        out += [para(f"{r.code}: {r.summary}", "  - ", "    ") for r in errors[:HOVER_ERRORS]]
        if len(errors) > HOVER_ERRORS:
            out.append(f"  - and {len(errors) - HOVER_ERRORS} more")
    return "\n".join(out).rstrip() + "\n"
