import jax.numpy as jnp


def logistic_loss(data, weights, l2=1e-3):
    x, y = data
    z = x @ weights
    return jnp.mean(jnp.logaddexp(0.0, -y * z)) + l2 * jnp.sum(weights**2)
