"""Differentiable (kernel-smoothed) histograms."""

from typing import NamedTuple

import jax.numpy as jnp


class BinSpec(NamedTuple):
    lo: float = 0.0
    hi: float = 400.0
    n_bins: int = 40
    bandwidth: float = 8.0


def soft_histogram(samples, spec):
    centres = jnp.linspace(spec.lo, spec.hi, spec.n_bins)
    z = (samples[:, None] - centres[None, :]) / spec.bandwidth
    weights = jnp.exp(-0.5 * z**2)
    counts = weights.sum(axis=0)
    return counts / counts.sum()
