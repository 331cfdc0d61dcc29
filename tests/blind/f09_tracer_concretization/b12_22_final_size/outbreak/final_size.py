"""Solve z = 1 - exp(-R z) (per group, with a next-generation matrix) by fixed-point iteration."""
import jax
import jax.numpy as jnp


def attack_rates(ngm, tol=1e-6, max_iter=500):
    """Fraction ever infected in each group, given the next-generation matrix `ngm`."""
    z0 = jnp.full(ngm.shape[0], 0.5)

    def cond(state):
        z, z_prev, i = state
        return (jnp.max(jnp.abs(z - z_prev)) > tol) & (i < max_iter)

    def body(state):
        z, _, i = state
        return 1.0 - jnp.exp(-ngm @ z), z, i + 1

    z, _, _ = jax.lax.while_loop(cond, body, (1.0 - jnp.exp(-ngm @ z0), z0, 0))
    return z
