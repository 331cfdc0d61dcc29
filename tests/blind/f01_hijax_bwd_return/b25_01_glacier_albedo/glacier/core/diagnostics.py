"""Helpers for the backward-pass logs that primitives may hand back."""

from __future__ import annotations

from typing import Iterable, Mapping


def select_logs(logs: Mapping[str, object], keep: Iterable[str]):
    """Keep only the log entries a run asked for (by name)."""
    keep = set(keep)
    if not keep:
        return None
    return logs.keys() & keep


def describe(logs: Mapping[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(logs.items()))
