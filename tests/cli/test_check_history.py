"""`jaxerr-ls check --format json` names the JAX releases that raise each message's wording."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PASTE = FIXTURES / "pastes" / "jax-28757-bwd-shape-dtype.txt"
TODAY = FIXTURES / "logs" / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log"


def check_json(log: Path, *options: str) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", "check", "--format", "json", *options, str(log)],
        capture_output=True,
        cwd=FIXTURES / "project",
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 1, done.stderr
    findings: list[dict[str, object]] = json.loads(done.stdout)
    return findings


def test_a_past_wording_gets_its_record_and_the_releases_that_raise_it() -> None:
    (finding,) = check_json(PASTE, "--no-generated")
    record = finding["record"]
    assert isinstance(record, dict)
    assert record["code"] == "custom-vjp-bwd-args-mismatch"
    assert record["stage"] == "history"
    releases = record["releases"]
    assert isinstance(releases, str) and releases.startswith("0.4.")
    assert "0.12.0.1" not in releases


def test_todays_wording_names_releases_up_to_the_newest() -> None:
    records = [f["record"] for f in check_json(TODAY) if isinstance(f["record"], dict)]
    bwd = [r for r in records if r["code"] == "custom-vjp-bwd-args-mismatch"]
    assert bwd and all(str(r["releases"]).endswith("0.12.0.1") for r in bwd)
    assert all(r["stage"] == "pattern" for r in bwd)


def test_explain_knows_the_code_of_a_past_raise_site_that_check_printed(tmp_path: Path) -> None:
    """2020's `Tracer can't be used with raw numpy functions` comes from a site JAX no longer
    has: `check` prints that site's code, and `explain` explains it."""
    paste = tmp_path / "paste.txt"
    paste.write_text(
        "Traceback (most recent call last):\n"
        '  File "fit.py", line 9, in <module>\n'
        "    fit(x)\n"
        "Exception: Tracer can't be used with raw numpy functions. You might have\n"
        "  import numpy as np\n"
        "instead of\n"
        "  import jax.numpy as np\n",
        encoding="utf-8",
    )
    (finding,) = check_json(paste)
    code = finding["code"]
    assert isinstance(code, str) and code.startswith("jax-the-numpy-ndarray-conversion-method-")
    done = subprocess.run(
        [sys.executable, "-m", "jaxerr_ls", "explain", code],
        capture_output=True,
        text=True,
        cwd=FIXTURES / "project",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{code}  (")
    assert "It was last raised by JAX 0.2.9." in " ".join(done.stdout.split())
