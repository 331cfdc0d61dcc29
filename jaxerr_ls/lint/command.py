"""``jaxerr-ls lint [--format text|json|github|sarif] PATH...``: predictions for files and
folders, printed as compilers, ``check``'s JSON, GitHub Actions or SARIF 2.1.0 consumers expect."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxerr_ls import __version__
from jaxerr_ls.formats import display_path, github_location, workflow_command
from jaxerr_ls.lint import LintResult, lint_source
from jaxerr_ls.lint.checks import CODES, Prediction
from jaxerr_ls.lint.config import (
    LintConfig,
    Problem,
    enabled_codes,
    find_pyproject,
    load_config,
    unknown_code_message,
)
from jaxerr_ls.lint.files import python_files
from jaxerr_ls.lint.imports import ProjectModules, file_reader
from jaxerr_ls.lint.versions import EARLIER_CODES, installed_jax_version
from jaxerr_ls.records import Record, bundled_record_dir, load_records
from jaxerr_ls.spans import Span

EXIT_CLEAN, EXIT_FOUND, EXIT_USAGE = 0, 1, 2
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/jax-ml/jax"


@dataclass(frozen=True, slots=True)
class FilePrediction:
    path: Path
    prediction: Prediction


def lint_paths(
    paths: Iterable[Path],
    config: LintConfig,
    problems: list[Problem],
    jax_version: str | None = None,
) -> Iterator[FilePrediction]:
    """Every prediction for the Python files under ``paths``, as the JAX ``jax_version`` raises
    them (None: not known); unreadable files and unknown codes in suppression comments are
    added to ``problems``."""
    paths = list(paths)
    root = Path.cwd()
    # Functions a module imports from the project are read from beside it, or from the
    # current folder, within the folders given and the current one.
    tops = [root, *(p if p.is_dir() else p.parent for p in paths)]
    modules = ProjectModules(file_reader(*tops), root)
    for path in python_files(paths):
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(Problem(path, 1, f"cannot read: {exc}"))
            continue
        result: LintResult = lint_source(
            source, config.enabled, path, jax_version=jax_version, modules=modules
        )
        for suppression in result.suppressions:
            for code in suppression.codes or ():
                if code not in CODES:
                    problems.append(Problem(path, suppression.line, unknown_code_message(code)))
        for prediction in result.predictions:
            yield FilePrediction(path, prediction)


# The records a prediction may name: the checks' own, and those older JAX releases raise.
NAMED = CODES | EARLIER_CODES


def _records() -> dict[str, Record]:
    return {r.code: r for r in load_records([bundled_record_dir()]).records if r.code in NAMED}


def _culprit_path(found: FilePrediction) -> Path:
    """The file of a prediction's culprit: the module's own, or the project module that
    defines the function at fault."""
    culprit = found.prediction.culprit
    if culprit is None or culprit.path == found.prediction.span.path:
        return found.path
    return culprit.path


def _span_json(span: Span, path: Path, root: Path) -> dict[str, Any]:
    return {
        "file": display_path(path.resolve(), root),
        "line": span.line,
        "column": span.col + 1,
        "end_line": span.end_line,
        "end_column": span.end_col + 1,
    }


def prediction_json(found: FilePrediction, record: Record | None, root: Path) -> dict[str, Any]:
    """The object ``check --format json`` prints for an error, for a predicted one."""
    p = found.prediction
    related = []
    if p.culprit is not None:
        place = display_path(_culprit_path(found).resolve(), root)
        related.append(
            {"file": place, "line": p.culprit.line, "message": f"culprit: {p.culprit_description}"}
        )
    return {
        **_span_json(p.span, found.path, root),
        "severity": p.severity,
        "code": p.code,
        "message": p.message,
        "exception": record.error_class if record is not None else None,
        "record": None
        if record is None
        else {
            "id": record.id,
            "slug": record.slug,
            "code": record.code,
            "errorMessage": record.error_message,
            "messagePattern": record.message_pattern,
            "filePath": record.file_path,
            "githubUrl": record.github_url,
            "score": None,
            "stage": "predicted",
        },
        "related": related,
        "test_id": None,
        "source_log": None,
        "predicted": True,
    }


def _text_lines(found: FilePrediction, record: Record | None, cwd: Path) -> list[str]:
    p = found.prediction
    where = display_path(found.path.resolve(), cwd)
    see = f" (see: {record.github_url})" if record is not None and record.github_url else ""
    lines = [f"{where}:{p.span.line}:{p.span.col + 1}: {p.severity} [{p.code}] {p.message}{see}"]
    if p.culprit is not None:
        there = display_path(_culprit_path(found).resolve(), cwd)
        lines.append(
            f"{there}:{p.culprit.line}:{p.culprit.col + 1}: note [{p.code}] culprit: "
            f"{p.culprit_description} (the error at {where}:{p.span.line})"
        )
    return lines


def _github_line(found: FilePrediction, record: Record | None, root: Path) -> str:
    p = found.prediction
    span = p.span
    where = display_path(found.path.resolve(), root)
    location = github_location(where, span.line, span.col, span.end_line, span.end_col)
    exception = record.error_class if record is not None else "error"
    see = f" (see: {record.github_url})" if record is not None and record.github_url else ""
    title = f"{exception} [{p.code}] (predicted)"
    return workflow_command(p.severity, location, title, p.message + see)


def _sarif_region(span: Span) -> dict[str, int]:
    return {
        "startLine": span.line,
        "startColumn": span.col + 1,
        "endLine": span.end_line,
        "endColumn": span.end_col + 1,
    }


def sarif_document(
    found: list[FilePrediction], records: dict[str, Record], root: Path
) -> dict[str, Any]:
    """A SARIF 2.1.0 log: one run, a rule per record code, a result per prediction."""
    codes = sorted(NAMED)
    rules = []
    for code in codes:
        record = records.get(code)
        rule: dict[str, Any] = {"id": code, "name": code}
        if record is not None:
            rule["shortDescription"] = {"text": record.summary}
            rule["fullDescription"] = {"text": " ".join(record.documentation.split())}
            if record.github_url:
                rule["helpUri"] = record.github_url
            rule["help"] = {"text": "\n".join(record.solutions)}
        rules.append(rule)
    results = []
    for item in found:
        p = item.prediction
        uri = Path(display_path(item.path.resolve(), root)).as_posix()
        location = {
            "physicalLocation": {
                "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                "region": _sarif_region(p.span),
            }
        }
        result: dict[str, Any] = {
            "ruleId": p.code,
            "ruleIndex": codes.index(p.code),
            "level": "error" if p.severity == "error" else "warning",
            "message": {"text": p.message},
            "locations": [location],
            "properties": {"predicted": True},
        }
        if p.culprit is not None:
            result["relatedLocations"] = [
                {
                    "id": 1,
                    "physicalLocation": {
                        "artifactLocation": {
                            "uri": Path(
                                display_path(_culprit_path(item).resolve(), root)
                            ).as_posix(),
                            "uriBaseId": "%SRCROOT%",
                        },
                        "region": _sarif_region(p.culprit),
                    },
                    "message": {"text": f"culprit: {p.culprit_description}"},
                }
            ]
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "jaxerr-ls",
                        "version": __version__,
                        "informationUri": INFORMATION_URI,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.as_uri() + "/"}},
                # Columns count characters (code points), as everywhere in jaxerr-ls.
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def run_lint(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"jaxerr-ls lint: {path}: no such file or folder", file=sys.stderr)
    if missing:
        return EXIT_USAGE
    if args.list_rules:
        records = _records()
        for code in sorted(CODES):
            record = records.get(code)
            print(f"{code}: {record.summary if record is not None else ''}")
        return EXIT_CLEAN
    if not paths:
        print("jaxerr-ls lint: give files or folders to lint", file=sys.stderr)
        return EXIT_USAGE
    config = load_config(Path(args.config) if args.config else find_pyproject(paths[0].resolve()))
    problems = list(config.problems)
    if args.select is not None or args.ignore:
        select = args.select.split(",") if args.select is not None else None
        ignore = args.ignore.split(",") if args.ignore else []
        enabled, unknown = enabled_codes(select, ignore)
        for code in unknown:
            print(f"jaxerr-ls lint: {unknown_code_message(code)}", file=sys.stderr)
        if unknown:
            return EXIT_USAGE
        config = LintConfig(enabled, config.path, config.problems)
    root = Path.cwd().resolve()
    jax_version = args.jax_version or installed_jax_version(root)
    found = list(lint_paths(paths, config, problems, jax_version))
    for problem in problems:
        print(f"jaxerr-ls: {problem}", file=sys.stderr)
    records = _records()
    if args.format == "json":
        document = [prediction_json(f, records.get(f.prediction.code), root) for f in found]
        print(json.dumps(document, indent=2))
    elif args.format == "sarif":
        print(json.dumps(sarif_document(found, records, root), indent=2))
    elif args.format == "github":
        for item in found:
            print(_github_line(item, records.get(item.prediction.code), root))
    else:
        for item in found:
            for line in _text_lines(item, records.get(item.prediction.code), root):
                print(line)
    sys.stdout.flush()
    return EXIT_FOUND if found else EXIT_CLEAN
