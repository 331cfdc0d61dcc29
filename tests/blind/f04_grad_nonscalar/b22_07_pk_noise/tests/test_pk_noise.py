import jax.numpy as jnp

from fit import main


def test_fit_converges():
    assert jnp.isfinite(main())
