"""Small helpers shared by the backward-pass logging of the force field."""
import itertools


def merge_logs(*logs):
    """Merge several log dicts into one, later entries winning."""
    return dict(itertools.chain.from_iterable(log.items() for log in logs))


def summary(logs):
    return {k: float(v) for k, v in logs.items()}
