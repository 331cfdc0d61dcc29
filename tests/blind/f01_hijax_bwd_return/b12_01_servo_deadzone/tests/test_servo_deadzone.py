import jax.numpy as jnp

from train import fit


def test_fit_reduces_tracking_error():
    gain, loss = fit(n_steps=20)
    assert jnp.isfinite(loss)
    assert loss < 0.05
