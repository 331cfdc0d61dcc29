import jax.numpy as jnp

from reconstruct import reconstruct


def test_reconstruction_runs():
    assert jnp.isfinite(reconstruct(iters=2))
