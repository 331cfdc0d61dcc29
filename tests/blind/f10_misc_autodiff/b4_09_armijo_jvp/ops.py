"""Numerically safe primitives with hand-written gradients."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_log1pexp(x):
    return jnp.logaddexp(0.0, x)


def _fwd(x):
    return jnp.logaddexp(0.0, x), jax.nn.sigmoid(x)


def _bwd(sig, g):
    return (g * sig,)


safe_log1pexp.defvjp(_fwd, _bwd)


def logistic_loss(w, x, y):
    margins = y * (x @ w)
    return jnp.mean(safe_log1pexp(-margins)) + 0.5e-2 * jnp.sum(w ** 2)
