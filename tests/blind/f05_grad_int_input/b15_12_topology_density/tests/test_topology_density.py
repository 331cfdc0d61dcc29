import jax.numpy as jnp

from optimize import optimise


def test_density_stays_in_bounds():
    rho, value = optimise(n_iter=3)
    assert jnp.all((rho >= 0.0) & (rho <= 1.0)) and jnp.isfinite(value)
