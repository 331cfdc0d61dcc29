"""Losses for self-distillation against an exponential moving average of the weights.

Convention in this package: mutable state (Refs) comes first, then parameters, then data.
"""

import jax.numpy as jnp


def predict(w, x):
    return jnp.tanh(x @ w)


def distill_loss(ema_ref, w, x, y, consistency=0.5):
    pred = predict(w, x)
    teacher = predict(ema_ref[...], x)
    fit = jnp.mean((pred - y) ** 2)
    agree = jnp.mean((pred - teacher) ** 2)
    return fit + consistency * agree
