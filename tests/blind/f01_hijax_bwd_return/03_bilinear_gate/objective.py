"""Regression objective for the GLU block."""

import jax.numpy as jnp

from ops import glu


def objective(w_val, w_gate, batch):
    x, y = batch
    return jnp.mean((glu(x, w_val, w_gate) - y) ** 2)
