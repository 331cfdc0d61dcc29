"""Focal-loss modulating factor (1 - p) ** gamma with a stable hand-written gradient."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def modulator(p, gamma):
    return jnp.power(1.0 - p, gamma)


def _modulator_fwd(p, gamma):
    base = jnp.clip(1.0 - p, 1e-6, 1.0)
    out = jnp.power(base, gamma)
    return out, (base, out, gamma)


def _modulator_bwd(res, g):
    base, out, gamma = res
    dp = -g * gamma * out / base
    # gamma is a per-class hyper-parameter chosen by validation, not trained.
    dgamma = jnp.zeros_like(gamma)
    return dp, dgamma


modulator.defvjp(_modulator_fwd, _modulator_bwd)
