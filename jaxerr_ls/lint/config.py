"""Which checks run: ``[tool.jaxerr-ls.lint]`` in ``pyproject.toml`` (``select`` / ``ignore``
lists of record codes), with every problem in it reported at its file and line."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jaxerr_ls.lint.checks import CODES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

SECTION = "tool.jaxerr-ls.lint"
_KEYS = ("select", "ignore")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a configuration or a suppression comment, at its place."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class LintConfig:
    """The codes to check, where they were configured, and what was wrong there."""

    enabled: frozenset[str] = CODES
    path: Path | None = None
    problems: tuple[Problem, ...] = field(default=())


def enabled_codes(
    select: Iterable[str] | None, ignore: Iterable[str]
) -> tuple[frozenset[str], list[str]]:
    """The codes to check and the unknown ones among those given. ``select`` None (or ``ALL``
    among them) selects every check."""
    given = list(select) if select is not None else ["ALL"]
    ignored = list(ignore)
    unknown = [c for c in [*given, *ignored] if c not in CODES and c != "ALL"]
    chosen = CODES if "ALL" in given else frozenset(given) & CODES
    return chosen - frozenset(ignored), unknown


def _line_of(text: str, needle: str, default: int) -> int:
    """The 1-based line where ``needle`` first appears (TOML parsers give no positions)."""
    index = text.find(needle)
    return default if index < 0 else text.count("\n", 0, index) + 1


def find_pyproject(start: Path) -> Path | None:
    """The nearest ``pyproject.toml`` at or above ``start`` that has a ``[tool.jaxerr-ls]``
    table; the search stops at the repository's root."""
    folder = start if start.is_dir() else start.parent
    for candidate in [folder, *folder.parents]:
        path = candidate / "pyproject.toml"
        if path.is_file():
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
            if "tool.jaxerr-ls" in text or '"jaxerr-ls"' in text:
                return path
        if (candidate / ".git").exists():
            return None
    return None


def load_config(path: Path | None) -> LintConfig:
    """The lint configuration of a ``pyproject.toml`` (defaults when None). A file that cannot
    be read or parsed, a key or a code it does not know: each is a problem, and the rest of the
    configuration still applies."""
    if path is None:
        return LintConfig()
    try:
        text = path.read_text(encoding="utf-8")
        document = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        return LintConfig(path=path, problems=(Problem(path, 1, f"cannot read: {exc}"),))
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", 1) or 1
        return LintConfig(path=path, problems=(Problem(path, line, f"not valid TOML: {exc}"),))
    table: Any = document.get("tool", {}).get("jaxerr-ls", {})
    section_line = _line_of(text, "[tool.jaxerr-ls", 1)
    lint: Any = table.get("lint", {}) if isinstance(table, dict) else {}
    problems: list[Problem] = []
    if not isinstance(lint, dict):
        problems.append(Problem(path, section_line, f"{SECTION} must be a table"))
        lint = {}
    lists: dict[str, list[str]] = {}
    for key, value in lint.items():
        line = _line_of(text, key, section_line)
        if key not in _KEYS:
            problems.append(
                Problem(path, line, f"unknown key {key!r} in {SECTION} (known: select, ignore)")
            )
        elif not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            problems.append(Problem(path, line, f"{SECTION}.{key} must be a list of codes"))
        else:
            lists[key] = value
    enabled, unknown = enabled_codes(lists.get("select"), lists.get("ignore", []))
    for code in unknown:
        line = _line_of(text, f'"{code}"', section_line)
        problems.append(Problem(path, line, unknown_code_message(code)))
    return LintConfig(enabled, path, tuple(problems))


def unknown_code_message(code: str) -> str:
    return f"unknown rule code {code!r} (the codes are listed by 'jaxerr-ls lint --list-rules')"
