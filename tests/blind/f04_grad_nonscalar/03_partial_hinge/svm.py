"""Linear SVM with hinge loss."""

import jax.numpy as jnp


def hinge(w, x, y, c=1.0):
    margins = y * (x @ w[:-1] + w[-1])
    return 0.5 * jnp.dot(w[:-1], w[:-1]) + c * jnp.maximum(0.0, 1.0 - margins)
