"""Element-wise regression losses (reduce them yourself, as in optax)."""

import jax.numpy as jnp


def squared_error(predictions, targets):
    return (predictions - targets) ** 2


def huber_loss(predictions, targets, delta=1.0):
    """Huber loss per element: quadratic within ``delta``, linear beyond."""
    err = jnp.abs(predictions - targets)
    quadratic = jnp.minimum(err, delta)
    return 0.5 * quadratic**2 + delta * (err - quadratic)
