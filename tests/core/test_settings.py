"""Settings from a client's JSON: typed values, a problem per bad one, defaults kept."""

from __future__ import annotations

import pytest

from jaxerr_ls.settings import Settings, settings_from, settings_schema


def test_values_are_read_under_jaxerr_or_at_the_top() -> None:
    nested, problems = settings_from({"jaxerr": {"logFiles": ["logs/*.log"], "fuzzyThreshold": 70}})
    flat, _ = settings_from({"logFiles": ["logs/*.log"], "fuzzyThreshold": 70})
    assert problems == [] and nested == flat
    assert nested.log_files == ["logs/*.log"] and nested.fuzzy_threshold == 70.0


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ({"fuzzyThreshold": "high"}, "fuzzyThreshold"),
        ({"fuzzyThreshold": 250}, "fuzzyThreshold"),
        ({"logFiles": "run.log"}, "logFiles"),
        ({"enabledSources": ["pytest", "email"]}, "enabledSources"),
        ({"pollInterval": -1}, "pollInterval"),
        ({"culpritDiagnostics": 1}, "culpritDiagnostics"),
        ({"maxOutputBytes": True}, "maxOutputBytes"),
        ({"pytestReport": "  "}, "pytestReport"),
        ({"nonsense": 1}, "nonsense"),
    ],
)
def test_a_bad_value_is_reported_and_its_default_used(raw: dict[str, object], key: str) -> None:
    # Twice: reading settings must not change how the next read goes.
    for _ in range(2):
        settings, problems = settings_from(raw)
        assert settings == Settings()
        [problem] = problems
        assert f"jaxerr.{key}" in problem


def test_a_change_keeps_what_it_does_not_mention() -> None:
    base, _ = settings_from({"logFiles": ["a.log"]})
    changed, _ = settings_from({"fuzzyThreshold": 90}, base)
    assert changed.log_files == ["a.log"] and changed.fuzzy_threshold == 90.0


def test_not_an_object_keeps_the_defaults() -> None:
    settings, [problem] = settings_from([1, 2])
    assert settings == Settings() and "expected an object" in problem


def test_the_schema_lists_every_setting_with_its_default() -> None:
    schema = settings_schema()
    assert schema["fuzzyThreshold"] == 80.0 and schema["enabledSources"] == [
        "output",
        "pytest",
        "logFiles",
    ]
    assert set(schema) == {
        "logFiles",
        "enabledSources",
        "fuzzyThreshold",
        "recordPaths",
        "pytestReport",
        "pollInterval",
        "culpritDiagnostics",
        "pythonPath",
        "trustWorkspaceInterpreter",
        "maxOutputBytes",
        "generatedRecords",
        "lint",
    }
    assert schema["lint"] == {"enabled": True, "select": ["ALL"], "ignore": []}


def test_lint_rules_are_checked() -> None:
    settings, problems = settings_from({"lint": {"ignore": ["custom-jvp-no-rule", "nope"]}})
    assert settings.lint.ignore == [] and problems == [
        "jaxerr.lint: unknown rule codes ['nope']; using the default"
    ]
    settings, problems = settings_from({"lint": {"enabled": False, "colour": 1}})
    assert settings.lint.enabled and "unknown keys ['colour']" in problems[0]
    settings, problems = settings_from({"lint": {"select": ["grad-ref-argument"]}})
    assert settings.lint.select == ["grad-ref-argument"] and problems == []
