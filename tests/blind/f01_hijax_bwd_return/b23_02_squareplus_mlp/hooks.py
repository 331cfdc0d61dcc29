"""A tiny scalar logger in the spirit of a TensorBoard writer."""
from collections import defaultdict


class ScalarLog:
    def __init__(self):
        self.history = defaultdict(list)

    def log(self, tag, value):
        self.history[tag].append(value)
        return value

    def last(self, tag):
        return self.history[tag][-1] if self.history[tag] else None


LOG = ScalarLog()
