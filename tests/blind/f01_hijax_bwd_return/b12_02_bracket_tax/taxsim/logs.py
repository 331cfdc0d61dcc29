"""A fluent logger for quantities seen in backward passes."""


class BackwardLogger:
    def __init__(self):
        self.entries = {}
        self.enabled = True

    def record(self, **values):
        if self.enabled:
            self.entries.update(values)
        return self

    def clear(self):
        self.entries.clear()
        return self


LOGGER = BackwardLogger()
