"""Ensemble statistics robust to a few diverged members."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp

from ensemble.tangents import moment_tangents


class Moments(NamedTuple):
    mean: jax.Array
    var: jax.Array


def _limits(x, k):
    med = jnp.median(x, axis=0)
    mad = jnp.median(jnp.abs(x - med), axis=0) + 1e-6
    return med - k * mad, med + k * mad


@jax.custom_jvp
def winsorized_moments(x, k=3.0):
    lo, hi = _limits(x, k)
    c = jnp.clip(x, lo, hi)
    return Moments(jnp.mean(c, axis=0), jnp.var(c, axis=0, ddof=1))


@winsorized_moments.defjvp
def _winsorized_moments_jvp(primals, tangents):
    x, k = primals
    x_dot, _ = tangents
    lo, hi = jax.lax.stop_gradient(_limits(x, k))
    c = jnp.clip(x, lo, hi)
    inside = (x > lo) & (x < hi)
    out = Moments(jnp.mean(c, axis=0), jnp.var(c, axis=0, ddof=1))
    return out, Moments(*moment_tangents(c, inside, x_dot))
