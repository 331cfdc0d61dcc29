"""Builds starting configurations for a 2-D Lennard-Jones cluster from a settings dict."""

import jax.numpy as jnp

SETTINGS = {
    "cluster": "square-3x3",
    "spacing": 1,
    "epsilon": 1.0,
    "sigma": 0.9,
    "steps": 40,
    "step_size": 1e-3,
}

SHAPES = {
    "square-2x2": [(i, j) for i in range(2) for j in range(2)],
    "square-3x3": [(i, j) for i in range(3) for j in range(3)],
}


def build_positions(settings):
    sites = jnp.array(SHAPES[settings["cluster"]], dtype=jnp.float32)
    return sites * settings["spacing"]
