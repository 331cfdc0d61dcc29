"""Small helpers for the backward-pass logs of the pharmacology primitives."""
from collections import OrderedDict


def ordered_report(**entries):
    """Log entries in a stable (alphabetical) order, so printed reports line up."""
    return OrderedDict(sorted(entries.items()))
