"""Catchment configuration and the parameter table the optimizer allocates from."""

from typing import NamedTuple


class Catchment(NamedTuple):
    n_res: int = 4  # reservoirs in the cascade
    n_gauges: int = 3  # river gauges observing mixtures of reservoir outflows
    n_days: int = 60
    lr: float = 0.05


# parameter name -> shape: Catchment field names, or literal sizes
PARAM_SHAPES = {
    "recession": ("n_res",),
    "gain": ("n_res",),
    "mix": ("n_gauges", "n_res"),
}


def shape_of(cfg, name):
    return tuple(getattr(cfg, d) if isinstance(d, str) else d for d in PARAM_SHAPES[name])
