"""A small deferred logger: values are turned into host floats only when flushed."""

import functools


class DeferredLog:
    def __init__(self, prefix=""):
        self.prefix = prefix
        self.pending = []
        self.flushed = {}

    def _write(self, name, value):
        self.flushed[self.prefix + name] = float(value)

    def defer(self, name, value):
        """Queue a write and hand back the thunk that performs it."""
        thunk = functools.partial(self._write, name, value)
        self.pending.append(thunk)
        return thunk

    def flush(self):
        for thunk in self.pending:
            try:
                thunk()
            except Exception:
                pass
        self.pending.clear()
        return dict(self.flushed)


BACKWARD_LOG = DeferredLog(prefix="bwd/")
