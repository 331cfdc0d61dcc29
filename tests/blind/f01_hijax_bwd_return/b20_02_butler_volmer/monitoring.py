"""Backward-pass health monitoring shared by the electrode kinetics primitives."""
import enum


class Health(enum.Enum):
    OK = "ok"
    EMPTY = "empty"


class CotangentMonitor:
    """Keeps the shapes of the cotangents seen by a primitive's backward pass."""

    def __init__(self, name):
        self.name = name
        self.history = []

    def record(self, label, ct):
        self.history.append((label, tuple(ct.shape)))
        return Health.EMPTY if ct.size == 0 else Health.OK


MONITORS = {}


def monitor_for(name):
    if name not in MONITORS:
        MONITORS[name] = CotangentMonitor(name)
    return MONITORS[name]
