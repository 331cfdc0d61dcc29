"""Functions from problem set 1 with their derivatives worked out by hand."""
import jax.numpy as jnp

PROBLEMS = {
    "cubic": (lambda x: x**3 - 2 * x, lambda x: 3 * x**2 - 2),
    "sigmoid": (lambda x: 1 / (1 + jnp.exp(-x)), lambda x: jnp.exp(-x) / (1 + jnp.exp(-x)) ** 2),
    "sin_sq": (lambda x: jnp.sin(x) ** 2, lambda x: 2 * jnp.sin(x) * jnp.cos(x)),
}
