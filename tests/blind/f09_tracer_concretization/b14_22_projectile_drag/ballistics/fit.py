"""Estimate the drag coefficient from where shots were observed after a fixed flight time."""
from functools import partial

import jax
import jax.numpy as jnp

from ballistics.integrate import fly


def landing_error(drag_k, shots, observed, t_final=2.0, dt=0.01):
    predict = jax.vmap(partial(fly, drag_k=drag_k, t_final=t_final, dt=dt))
    pos = predict(shots[:, 0], shots[:, 1])
    return jnp.mean(jnp.sum((pos - observed) ** 2, axis=-1))


def fit_drag(shots, observed, drag_k=0.005, steps=50, lr=5e-7):
    loss_and_grad = jax.jit(jax.value_and_grad(landing_error))
    drag_k = jnp.float32(drag_k)
    for _ in range(steps):
        loss, g = loss_and_grad(drag_k, shots, observed)
        drag_k = jnp.maximum(drag_k - lr * g, 0.0)
    return drag_k, loss
