"""A tiny publish/subscribe bus for backward-pass monitoring."""


class HookBus:
    def __init__(self):
        self._listeners = {}

    def subscribe(self, topic, fn):
        self._listeners.setdefault(topic, []).append(fn)

    def fire(self, topic, value):
        """Call every listener of `topic`; returns how many were called."""
        listeners = self._listeners.get(topic, [])
        for fn in listeners:
            fn(value)
        return len(listeners)


BUS = HookBus()
