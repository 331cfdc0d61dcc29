"""API docs: the bundled ones load and agree with the records; broken files; rendering."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from jaxerr_ls.apidocs import (
    HOVER_ERRORS,
    ApiDoc,
    ApiDocs,
    api_doc_markdown,
    api_doc_plaintext,
    bundled_api_dir,
    load_api_docs,
    records_for,
    relevant_records,
)
from jaxerr_ls.records import Record, load_records, record_from_dict

REQUIRED = {
    "jax.grad",
    "jax.value_and_grad",
    "jax.vjp",
    "jax.jvp",
    "jax.linearize",
    "jax.jacfwd",
    "jax.jacrev",
    "jax.hessian",
    "jax.custom_vjp",
    "jax.custom_vjp.defvjp",
    "jax.custom_jvp",
    "jax.custom_jvp.defjvp",
    "jax.custom_jvp.defjvps",
    "jax.checkpoint",
    "jax.checkpoint_policies",
    "jax.lax.stop_gradient",
    "jax.linear_transpose",
    "jax.closure_convert",
    "jax._src.api.VJP.with_refs",
    "jax.ad.DontWant",
    "jax.new_ref",
    "jax.experimental.hijax.HiPrim",
    "jax.experimental.hijax.HiPrim.vjp_fwd",
    "jax.experimental.hijax.HiPrim.vjp_bwd",
    "jax.experimental.hijax.HiPrim.vjp_bwd_retval",
    "jax.lax.custom_linear_solve",
    "jax.pure_callback",
    "jax.lax.while_loop",
    "jax.lax.fori_loop",
    "jax.lax.scan",
    "jax.jit",
}


def test_bundled_docs_load_without_problems() -> None:
    loaded = load_api_docs()
    assert loaded.problems == []
    assert len(loaded.docs) >= 25
    assert {doc.name for doc in loaded.docs} >= REQUIRED
    for doc in loaded.docs:
        assert doc.docs_url.startswith(("https://docs.jax.dev/", "https://jax.readthedocs.io/"))
        assert "\n" not in doc.summary and doc.summary.endswith(".")
        assert Path(doc.source_path or "").name == f"{doc.name}.json"


def test_every_api_a_record_names_has_a_doc() -> None:
    docs = ApiDocs.bundled()
    named = {api for record in load_records().records for api in record.apis}
    assert named, "no record names an API; the hover's error list would always be empty"
    assert [api for api in sorted(named) if docs.by_name(api) is None] == []


@pytest.mark.parametrize(
    ("full_name", "expected"),
    [
        ("jax.grad", "jax.grad"),
        ("jax._src.api.grad", "jax.grad"),
        ("jax.remat", "jax.checkpoint"),
        ("jax._src.ad_checkpoint.remat", "jax.checkpoint"),
        ("jax._src.custom_derivatives.custom_vjp.defvjp", "jax.custom_vjp.defvjp"),
        ("jax.custom_derivatives.custom_jvp.defjvps", "jax.custom_jvp.defjvps"),
        ("jax._src.hijax.HiPrim.vjp_bwd", "jax.experimental.hijax.HiPrim.vjp_bwd"),
        # jax 0.10's name for the class, and its methods through the class alias.
        ("jax._src.hijax.VJPHiPrimitive", "jax.experimental.hijax.HiPrim"),
        (
            "jax.experimental.hijax.VJPHiPrimitive.vjp_bwd_retval",
            "jax.experimental.hijax.HiPrim.vjp_bwd_retval",
        ),
        ("jax._src.api.DontWant", "jax.ad.DontWant"),
        ("jax.checkpoint_policies.dots_saveable", "jax.checkpoint_policies"),
        ("jax._src.lax.control_flow.loops.scan", "jax.lax.scan"),
        ("jax.grad.nothing", None),
        ("jax", None),
        ("numpy.sum", None),
    ],
)
def test_lookup_by_name_alias_and_prefix(full_name: str, expected: str | None) -> None:
    doc = ApiDocs.bundled().by_name(full_name)
    assert (doc and doc.name) == expected


GOOD = {
    "name": "jax.example",
    "aliases": ["jax._src.api.example"],
    "kind": "function",
    "signature": "jax.example(fun)",
    "summary": "An example.",
    "explanation": "It explains.",
    "docsUrl": "https://docs.jax.dev/en/latest/_autosummary/jax.example.html",
    "related": [],
}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"name": None}, "name", "missing"),
        ({"name": "grad"}, "name", "dotted Python name"),
        ({"kind": "macro"}, "kind", "must be one of"),
        ({"signature": ""}, "signature", "must not be empty"),
        ({"summary": 3}, "summary", "must be a string"),
        ({"docsUrl": "http://docs.jax.dev/x"}, "docsUrl", "https://"),
        ({"aliases": "jax.other"}, "aliases", "list of strings"),
        ({"aliases": ["jax.example"]}, "aliases", "repeats the name"),
        ({"aliases": ["not a name"]}, "aliases", "dotted Python name"),
        ({"since": ["0.12"]}, "since", "string or null"),
        ({"versionNotes": 1}, "versionNotes", "string or null"),
    ],
)
def test_a_broken_doc_is_reported_with_file_and_field_and_skipped(
    tmp_path: Path, change: dict[str, object], field: str, words: str
) -> None:
    raw = {key: value for key, value in {**GOOD, **change}.items() if value is not None}
    (tmp_path / "broken.json").write_text(json.dumps(raw))
    good = {**GOOD, "name": "jax.good", "aliases": []}
    (tmp_path / "good.json").write_text(json.dumps(good))
    loaded = load_api_docs([tmp_path])
    assert [doc.name for doc in loaded.docs] == ["jax.good"]
    [problem] = loaded.problems
    assert problem.path.endswith("broken.json") and problem.field == field
    assert words in problem.message
    assert "broken.json" in str(problem) and field in str(problem)


@pytest.mark.parametrize(
    ("content", "words"),
    [(b"{not json", "not valid JSON"), (b"\xff\xfe\x00", "not UTF-8"), (b"[1]", "JSON object")],
)
def test_unreadable_files_are_reported(tmp_path: Path, content: bytes, words: str) -> None:
    (tmp_path / "bad.json").write_bytes(content)
    loaded = load_api_docs([tmp_path])
    assert loaded.docs == [] and words in loaded.problems[0].message


def test_names_and_aliases_are_unique_across_docs(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(GOOD))
    (tmp_path / "b.json").write_text(json.dumps({**GOOD, "aliases": []}))
    clash = {**GOOD, "name": "jax.other", "aliases": ["jax._src.api.example"]}
    (tmp_path / "c.json").write_text(json.dumps(clash))
    loaded = load_api_docs([tmp_path])
    assert [doc.name for doc in loaded.docs] == ["jax.example"]
    assert [(Path(p.path).name, p.field) for p in loaded.problems] == [
        ("b.json", "name"),
        ("c.json", "aliases"),
    ]


def test_a_related_name_without_a_doc_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps({**GOOD, "related": ["jax.nowhere"]}))
    loaded = load_api_docs([tmp_path])
    assert len(loaded.docs) == 1
    [problem] = loaded.problems
    assert problem.field == "related" and "jax.nowhere" in problem.message


def test_the_bundled_folder_is_the_repository_data_folder() -> None:
    assert bundled_api_dir() == (Path(__file__).resolve().parents[2] / "data" / "api")


def _record(code: str, apis: list[str]) -> Record:
    return record_from_dict(
        {
            "id": code.replace("-", "")[:16].ljust(16, "0"),
            "code": code,
            "errorMessage": "it broke",
            "messagePattern": "it broke",
            "errorClass": "ValueError",
            "documentation": f"The {code} error happened. More detail follows.",
            "solutions": ["Fix it."],
            "apis": apis,
        }
    )


@pytest.mark.parametrize("render", [api_doc_markdown, api_doc_plaintext])
def test_renderings_show_signature_summary_link_and_the_errors(
    render: Callable[[ApiDoc, Iterable[Record], Iterable[str]], str],
) -> None:
    docs = ApiDocs.bundled()
    doc = docs.by_name("jax.custom_vjp")
    assert doc is not None
    records = [
        *load_records().records,
        # Named by an alias: still this API's error.
        _record("alias-named-error", ["jax._src.custom_derivatives.custom_vjp"]),
        _record("unrelated-error", ["jax.jit"]),
    ]
    # The error the user has now is listed first, then the few most about this API.
    text = render(doc, records, ["alias-named-error"])
    assert doc.signature in text
    assert "https://docs.jax.dev/en/latest/_autosummary/jax.custom_vjp.html" in text
    errors = text[text.index("Errors you may hit") :].splitlines()[1:]
    listed = [line for line in errors if line.lstrip("- ").strip()]
    assert "alias-named-error" in listed[0] and "The alias-named-error error happened." in text
    total = len(records_for(doc, records))
    assert total > HOVER_ERRORS
    assert listed[-1].strip() == f"- and {total - HOVER_ERRORS} more"
    assert sum(1 for line in listed if re.match(r"\s*- [`a-z]", line)) == HOVER_ERRORS + 1
    assert "More detail follows" not in text
    assert "unrelated-error" not in text
    flat = " ".join(text.replace("\\", "").split())
    assert " ".join(doc.summary.split()) in flat


def test_markdown_keeps_prose_literal_and_the_signature_in_a_code_block() -> None:
    doc = ApiDocs.bundled().by_name("jax.experimental.hijax.HiPrim")
    assert doc is not None
    text = api_doc_markdown(doc)
    assert text.startswith(f"```python\n{doc.signature}\n```\n")
    assert "super().\\_\\_init\\_\\_()" in text  # not bold "init"
    assert "in\\_avals" not in text  # an underscore inside a word needs no escape
    assert "Errors you may hit" not in text  # nothing to list without records


def test_plaintext_wraps_for_narrow_raw_hovers() -> None:
    docs = ApiDocs.bundled()
    for doc in docs:
        text = api_doc_plaintext(doc, load_records().records)
        assert "```" not in text and "**Errors" not in text and "](" not in text
        for line in text.splitlines():
            if line.startswith(("    ", "Docs: ")):  # the signature and the link stay whole
                continue
            assert len(line) <= 80 or " " not in line.strip(), (doc.name, line)


def test_records_for_lists_the_records_naming_the_api_in_order() -> None:
    doc = ApiDocs.bundled().by_name("jax.grad")
    assert doc is not None
    first, second = _record("first-error", ["jax.grad"]), _record("second-error", ["jax.grad"])
    found = records_for(doc, [first, _record("other", ["jax.vjp"]), second])
    assert [record.code for record in found] == ["first-error", "second-error"]


def test_relevant_records_put_the_current_errors_then_this_apis_own_first() -> None:
    doc = ApiDocs.bundled().by_name("jax.grad")
    assert doc is not None
    about_vjp = _record("about-vjp", ["jax.vjp", "jax.grad"])
    about_grad = _record("about-grad", ["jax.grad"])
    current = _record("current", ["jax.jit", "jax.grad"])
    found = relevant_records(doc, [about_vjp, current, about_grad], ["current"])
    assert [record.code for record in found] == ["current", "about-grad", "about-vjp"]
