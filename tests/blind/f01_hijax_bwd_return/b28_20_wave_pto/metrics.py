"""A tiny metrics container shared by the simulation primitives."""
from collections import UserDict


class Metrics(UserDict):
    def add(self, name, value):
        self.data[name] = value
        return self

    def snapshot(self):
        """A copy of the current entries, safe to hand to loggers."""
        return Metrics(self.data)
