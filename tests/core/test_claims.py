"""The claims files: each belongs to an API doc or record and quotes what it checks.

They run with real JAX in tests/e2e/test_claims_live.py; here, without JAX, every check must
quote its doc or record literally, so that rewording a claim sends its author to its check.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from jaxerr_ls.apidocs import bundled_api_dir
from jaxerr_ls.records import bundled_record_dir
from tests.claims import CLAIMS, claim_files, declared, table


def target(name: str) -> Path | None:
    for folder in (bundled_api_dir(), bundled_record_dir()):
        if (folder / f"{name}.json").is_file():
            return folder / f"{name}.json"
    return None


def prose(path: Path) -> str:
    """Every string of the doc or record, with runs of white space made one space."""
    raw = json.loads(path.read_text())
    strings: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            strings.append(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(raw)
    return re.sub(r"\s+", " ", "\n".join(strings))


def test_every_doc_and_record_has_a_claims_file() -> None:
    documents = {p.stem for p in bundled_api_dir().glob("*.json")}
    documents |= {p.stem for p in bundled_record_dir().glob("*.json")}
    assert sorted(documents - {p.stem for p in claim_files()}) == []


@pytest.mark.parametrize("path", claim_files(), ids=lambda p: p.stem)
def test_claims_quote_their_doc_or_record(path: Path) -> None:
    document = target(path.stem)
    assert document is not None, f"{path.name}: no data/api or data/records file of that name"
    claims = declared(path)
    assert claims, f"{path.name} declares no @claim"
    text = prose(document)
    for found in claims:
        quote = re.sub(r"\s+", " ", found.quote)
        assert quote in text, f"{path.name}::{found.name} quotes {quote!r}, not in {document.name}"


def test_claim_names_are_unique_per_file() -> None:
    for path in claim_files():
        names = [c.name for c in declared(path)]
        assert len(names) == len(set(names)), path.name


def test_the_claims_folder_holds_only_claims() -> None:
    assert {p.suffix for p in CLAIMS.iterdir() if p.is_file()} <= {".py", ".md"}


def test_the_fact_check_lists_every_claim() -> None:
    """data/claims/FACT-CHECK.md ends with the table of claims (``python -m tests.claims
    --table``), so a claim added or reworded is added there too."""
    text = (CLAIMS / "FACT-CHECK.md").read_text()
    assert text.rstrip().endswith(table())
    count = sum(len(declared(path)) for path in claim_files())
    assert f"{count} checked claims" in " ".join(text.split())
