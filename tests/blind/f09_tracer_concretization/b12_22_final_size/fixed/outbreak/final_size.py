"""Solve z = 1 - exp(-R z) (per group, with a next-generation matrix) by fixed-point iteration."""
import jax
import jax.numpy as jnp


def attack_rates(ngm, max_iter=200):
    """Fraction ever infected in each group, given the next-generation matrix `ngm`."""
    z0 = jnp.full(ngm.shape[0], 0.5)

    def body(z, _):
        return 1.0 - jnp.exp(-ngm @ z), None

    z, _ = jax.lax.scan(body, z0, None, length=max_iter)
    return z
