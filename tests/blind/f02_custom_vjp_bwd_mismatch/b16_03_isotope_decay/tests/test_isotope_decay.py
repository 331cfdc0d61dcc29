import jax.numpy as jnp

from fit_half_lives import fit


def test_half_life_fit():
    log_k, value = fit(n_steps=2)
    assert log_k.shape == (3,)
