"""A rugged 2-D energy landscape: a double well plus small ripples."""
import jax.numpy as jnp


def energy(x):
    well = (x[..., 0] ** 2 - 1.0) ** 2 + 0.5 * x[..., 1] ** 2
    ripple = 0.1 * jnp.sin(8.0 * x[..., 0]) * jnp.cos(8.0 * x[..., 1])
    return well + ripple
