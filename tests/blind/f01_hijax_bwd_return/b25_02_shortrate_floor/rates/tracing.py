"""A tiny collector for statistics produced in backward passes."""

from __future__ import annotations


class BackwardLog:
    """Collects named backward-pass values for one primitive application."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self._entries: dict[str, object] = {}

    def add(self, name: str, value) -> "BackwardLog":
        self._entries[f"{self.prefix}/{name}"] = value
        return self

    def snapshot(self) -> dict:
        return dict(self._entries)

    def __len__(self) -> int:
        return len(self._entries)
