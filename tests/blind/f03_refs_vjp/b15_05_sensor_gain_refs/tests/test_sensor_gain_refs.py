import jax.numpy as jnp

from stream import run


def test_online_calibration_step():
    params, loss = run(n_batches=3)
    assert params["gain"].shape == (8,) and jnp.isfinite(loss)
