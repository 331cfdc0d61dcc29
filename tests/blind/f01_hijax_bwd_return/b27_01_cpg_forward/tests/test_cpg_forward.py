import jax.numpy as jnp

from hmm import fit


def test_fit_decreases_nll():
    seq = jnp.array([0, 1, 2, 1, 2, 2, 3, 0])
    _, value = fit(seq, steps=3)
    assert jnp.isfinite(value)
