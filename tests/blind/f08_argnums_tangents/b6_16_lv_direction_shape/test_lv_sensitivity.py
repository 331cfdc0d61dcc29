import jax.numpy as jnp

from analysis import main


def test_sensitivities_finite():
    spread = main()
    assert spread.shape == (4, 3) and bool(jnp.all(jnp.isfinite(spread)))
