"""Refine the initial level and trend by gradient steps accumulated into Refs."""
import jax
import jax.numpy as jnp

from forecast.model import sse
from forecast.params import grad_buffers


def refine_initial_state(params, smoothing, series, lr=1e-3, steps=25):
    for _ in range(steps):
        loss, f_vjp = jax.vjp(sse, params, smoothing, series)
        grads = grad_buffers(params)
        f_vjp.with_refs(grads, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
        for name, ref in params.items():
            ref[...] -= lr * grads[name][...]
    return loss
