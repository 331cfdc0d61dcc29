import jax.numpy as jnp

from robust_fit import main


def test_fit_runs():
    assert jnp.all(jnp.isfinite(main(iters=2)))
