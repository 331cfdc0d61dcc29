"""Darcy friction factor from the implicit Colebrook-White equation."""

import jax
import jax.numpy as jnp


def colebrook(reynolds, rel_roughness, tol=1e-6):
    """Solve 1/sqrt(f) = -2 log10(eps/3.7 + 2.51 / (Re sqrt(f))) by fixed-point iteration."""
    x0 = jnp.full_like(reynolds, 8.0)  # x = 1/sqrt(f), Swamee-Jain would be closer

    def update(x):
        return -2.0 * jnp.log10(rel_roughness / 3.7 + 2.51 * x / reynolds)

    def not_done(state):
        x, x_prev = state
        return jnp.max(jnp.abs(x - x_prev)) > tol

    def body(state):
        x, _ = state
        return update(x), x

    x, _ = jax.lax.while_loop(not_done, body, (update(x0), x0))
    return 1.0 / x**2
