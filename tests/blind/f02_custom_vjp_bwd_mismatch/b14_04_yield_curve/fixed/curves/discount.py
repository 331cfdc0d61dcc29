"""Discount factors from a linearly interpolated zero curve, with a sparse VJP."""
import jax
import jax.numpy as jnp


def _weights(t, times):
    idx = jnp.clip(jnp.searchsorted(times, t) - 1, 0, times.shape[0] - 2)
    t0, t1 = times[idx], times[idx + 1]
    w = jnp.clip((t - t0) / (t1 - t0), 0.0, 1.0)
    return idx, w


@jax.custom_vjp
def discount(t, curve):
    idx, w = _weights(t, curve.times)
    r = (1 - w) * curve.rates[idx] + w * curve.rates[idx + 1]
    return jnp.exp(-r * t)


def _discount_fwd(t, curve):
    idx, w = _weights(t, curve.times)
    r = (1 - w) * curve.rates[idx] + w * curve.rates[idx + 1]
    df = jnp.exp(-r * t)
    return df, (t, idx, w, r, df, curve)


def _discount_bwd(res, g):
    t, idx, w, r, df, curve = res
    g_r = -g * t * df
    g_rates = jnp.zeros_like(curve.rates)
    g_rates = g_rates.at[idx].add((1 - w) * g_r).at[idx + 1].add(w * g_r)
    g_t = -g * r * df
    return g_t, curve._replace(times=jnp.zeros_like(curve.times), rates=g_rates)


discount.defvjp(_discount_fwd, _discount_bwd)
