"""The server's settings: one typed object read from the client's JSON, a problem per bad value."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
import cattrs

SOURCES = ("output", "pytest", "logFiles")


def _sources(value: list[str]) -> str | None:
    unknown = [item for item in value if item not in SOURCES]
    return f"unknown sources {unknown}; known: {', '.join(SOURCES)}" if unknown else None


def _between(low: float, high: float) -> Callable[[float], str | None]:
    def check(value: float) -> str | None:
        return None if low <= value <= high else f"must be between {low:g} and {high:g}"

    return check


def _not_blank(value: str) -> str | None:
    return None if value.strip() else "must not be empty"


def _reject(value: object, expected: str) -> Any:
    raise ValueError(f"expected {expected}, got {value!r}")


def _as_bool(value: object) -> bool:
    return value if isinstance(value, bool) else _reject(value, "true or false")


def _as_str(value: object) -> str:
    return value if isinstance(value, str) else _reject(value, "a string")


def _as_float(value: object) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return _reject(value, "a number")  # type: ignore[no-any-return]


def _as_int(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return _reject(value, "a whole number")  # type: ignore[no-any-return]


def _as_string_list(value: object) -> list[str]:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    return _reject(value, "a list of strings")  # type: ignore[no-any-return]


def _as_lint(value: object) -> dict[str, Any]:
    """``{"enabled": bool, "select": [codes], "ignore": [codes]}``, each key optional."""
    if not isinstance(value, Mapping):
        return _reject(value, 'an object like {"enabled": true, "ignore": []}')  # type: ignore[no-any-return]
    unknown = [key for key in value if key not in ("enabled", "select", "ignore")]
    if unknown:
        raise ValueError(f"unknown keys {unknown}; known: enabled, select, ignore")
    default = LintSettings()
    return {
        "enabled": _as_bool(value.get("enabled", default.enabled)),
        "select": _as_string_list(value.get("select", default.select)),
        "ignore": _as_string_list(value.get("ignore", default.ignore)),
    }


def _lint_codes(value: dict[str, Any]) -> str | None:
    from jaxerr_ls.lint.config import enabled_codes

    _, unknown = enabled_codes(value["select"], value["ignore"])
    return f"unknown rule codes {unknown}" if unknown else None


@attrs.frozen
class LintSettings:
    """Which predictions the server shows as you type (``jaxerr-ls lint``'s checks)."""

    enabled: bool = True
    select: list[str] = attrs.field(factory=lambda: ["ALL"])
    ignore: list[str] = attrs.field(factory=list)


@attrs.frozen
class Settings:
    """Everything a user can configure, with its default. Keys are camelCase in JSON."""

    log_files: list[str] = attrs.field(
        factory=list, metadata={"key": "logFiles", "read": _as_string_list}
    )
    enabled_sources: list[str] = attrs.field(
        factory=lambda: list(SOURCES),
        metadata={"key": "enabledSources", "read": _as_string_list, "check": _sources},
    )
    fuzzy_threshold: float = attrs.field(
        default=80.0,
        metadata={"key": "fuzzyThreshold", "read": _as_float, "check": _between(0, 101)},
    )
    record_paths: list[str] = attrs.field(
        factory=list, metadata={"key": "recordPaths", "read": _as_string_list}
    )
    pytest_report: str = attrs.field(
        default=".jaxerr/pytest-report.json",
        metadata={"key": "pytestReport", "read": _as_str, "check": _not_blank},
    )
    poll_interval: float = attrs.field(
        default=2.0,
        metadata={"key": "pollInterval", "read": _as_float, "check": _between(0.2, 600)},
    )
    culprit_diagnostics: bool = attrs.field(
        default=True, metadata={"key": "culpritDiagnostics", "read": _as_bool}
    )
    python_path: str = attrs.field(default="", metadata={"key": "pythonPath", "read": _as_str})
    trust_workspace_interpreter: bool = attrs.field(
        default=False, metadata={"key": "trustWorkspaceInterpreter", "read": _as_bool}
    )
    generated_records: bool = attrs.field(
        default=True, metadata={"key": "generatedRecords", "read": _as_bool}
    )
    max_output_bytes: int = attrs.field(
        default=64 * 1024 * 1024,
        metadata={"key": "maxOutputBytes", "read": _as_int, "check": _between(1024, 1 << 34)},
    )
    lint: LintSettings = attrs.field(
        factory=LintSettings, metadata={"key": "lint", "read": _as_lint, "check": _lint_codes}
    )

    def uses(self, source: str) -> bool:
        return source in self.enabled_sources


# Each field's JSON value is checked by the reader in its metadata; cattrs then builds the
# object from the checked values.
_converter = cattrs.Converter()


def settings_from(raw: object, base: Settings | None = None) -> tuple[Settings, list[str]]:
    """Settings from a client's JSON (``initializationOptions`` or a configuration section).

    Values are read under ``jaxerr`` when the object has that key. A missing key keeps the
    ``base`` value (the defaults when None); a bad value is reported and the default used, so
    one mistake never stops the server.
    """
    base = base if base is not None else Settings()
    problems: list[str] = []
    if isinstance(raw, Mapping) and isinstance(raw.get("jaxerr"), Mapping):
        raw = raw["jaxerr"]
    if raw is None:
        return base, problems
    if not isinstance(raw, Mapping):
        return base, [f"jaxerr settings: expected an object, got {raw!r}; using the defaults"]
    values: dict[str, Any] = {}
    known = set()
    for field in attrs.fields(Settings):
        key = field.metadata["key"]
        known.add(key)
        if key not in raw:
            continue
        try:
            value = field.metadata["read"](raw[key])
        except ValueError as exc:
            problems.append(f"jaxerr.{key}: {exc}; using the default")
            values[field.name] = _plain_default(field)
            continue
        check = field.metadata.get("check")
        problem = check(value) if check is not None else None
        if problem is not None:
            problems.append(f"jaxerr.{key}: {problem}; using the default")
            values[field.name] = _plain_default(field)
            continue
        values[field.name] = value
    for key in raw:
        if key not in known:
            problems.append(f"jaxerr.{key}: unknown setting, ignored")
    merged = {**attrs.asdict(base), **values}
    return _converter.structure(merged, Settings), problems


def _default(field: attrs.Attribute[Any]) -> Any:
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()
    return default


def _plain_default(field: attrs.Attribute[Any]) -> Any:
    """The default as JSON holds it (a nested settings object as a dict)."""
    value = _default(field)
    return attrs.asdict(value) if attrs.has(type(value)) else value


def settings_schema() -> dict[str, Any]:
    """The settings as the keys and defaults a client's configuration would hold."""
    return {field.metadata["key"]: _plain_default(field) for field in attrs.fields(Settings)}
