"""Thin-lens imaging: image distance as a function of focal length and object distance."""

import jax.numpy as jnp


def image_distance(params):
    f, d_o = params[0], params[1]
    return 1.0 / (1.0 / f - 1.0 / d_o)
