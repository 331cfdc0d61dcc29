"""Darcy friction factor from the implicit Colebrook-White equation."""

import jax
import jax.numpy as jnp


def colebrook(reynolds, rel_roughness, iters=30):
    """Solve 1/sqrt(f) = -2 log10(eps/3.7 + 2.51 / (Re sqrt(f))) by fixed-point iteration."""
    x0 = jnp.full_like(reynolds, 8.0)  # x = 1/sqrt(f), Swamee-Jain would be closer

    def update(x):
        return -2.0 * jnp.log10(rel_roughness / 3.7 + 2.51 * x / reynolds)

    # a fixed number of iterations (the map contracts fast) is reverse-differentiable
    x = jax.lax.fori_loop(0, iters, lambda i, x: update(x), x0)
    return 1.0 / x**2
