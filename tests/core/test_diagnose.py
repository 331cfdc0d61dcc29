"""Analyzer policies on real output: which warnings are reported, and chains."""

from __future__ import annotations

from pathlib import Path

from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.records import load_records

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GENERIC = FIXTURES / "generic"
NOISY = FIXTURES / "logs" / "generic" / "py313-noisy_output.log"


def analyze(log: Path, root: Path) -> list:  # type: ignore[type-arg]
    analyzer = Analyzer(RecordIndex(load_records().records), root, cwd=root)
    return list(analyzer.analyze_lines(log.read_text().splitlines(keepends=True), str(log)))


def warning_line() -> int:
    lines = (GENERIC / "noisy_output.py").read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if "warnings.warn(" in text)


def test_a_warning_raised_in_the_project_is_reported_as_a_warning() -> None:
    findings = analyze(NOISY, GENERIC)
    warnings = [f for f in findings if f.severity == "warning"]
    assert [(w.code, w.span.line) for w in warnings] == [("UserWarning", warning_line())]
    assert any(f.severity == "error" for f in findings)


def test_a_warning_from_outside_the_project_is_left_out(tmp_path: Path) -> None:
    # The same output seen from another project: the warning's file is not the user's.
    findings = analyze(NOISY, tmp_path)
    assert all(f.severity == "error" for f in findings)
    assert findings
