import jax.numpy as jnp

from solve import equilibrium


def test_equilibrium_residual_small():
    u, stiffness, loads = equilibrium(iters=5)
    assert jnp.all(jnp.isfinite(u))
