"""Fixed-point iteration to a steady state, stopping at a tolerance."""
import jax
import jax.numpy as jnp


def fixed_point(update, x0, tol=1e-6, max_iter=500):
    def cond(carry):
        x, x_prev, i = carry
        return (jnp.max(jnp.abs(x - x_prev)) > tol) & (i < max_iter)

    def body(carry):
        x, _, i = carry
        return update(x), x, i + 1

    x, _, _ = jax.lax.while_loop(cond, body, (update(x0), x0, 0))
    return x
