"""Evaluation of tone curves with a hand-written sparse backward pass."""

import jax
import jax.numpy as jnp

from curves import cotangent_like


def _segments(curve, x):
    k = curve.knots
    idx = jnp.clip(jnp.searchsorted(k, x) - 1, 0, k.shape[0] - 2)
    t = (x - k[idx]) / (k[idx + 1] - k[idx])
    if not curve.extrapolate:
        t = jnp.clip(t, 0.0, 1.0)
    return idx, t


@jax.custom_vjp
def evaluate(curve, x):
    idx, t = _segments(curve, x)
    v = curve.values
    return v[idx] * (1.0 - t) + v[idx + 1] * t


def _evaluate_fwd(curve, x):
    idx, t = _segments(curve, x)
    return evaluate(curve, x), (curve, idx, t)


def _evaluate_bwd(res, g):
    curve, idx, t = res
    n = curve.values.shape[0]
    g_flat, idx_flat, t_flat = g.ravel(), idx.ravel(), t.ravel()
    g_values = jax.ops.segment_sum(g_flat * (1.0 - t_flat), idx_flat, n) + jax.ops.segment_sum(
        g_flat * t_flat, idx_flat + 1, n
    )
    v, k = curve.values, curve.knots
    slope = (v[idx + 1] - v[idx]) / (k[idx + 1] - k[idx])
    if not curve.extrapolate:
        slope = jnp.where((t > 0.0) & (t < 1.0), slope, 0.0)
    return cotangent_like(curve, g_values), g * slope


evaluate.defvjp(_evaluate_fwd, _evaluate_bwd)
