import jax.numpy as jnp

from train import main


def test_epochs_run():
    params = main()
    assert params["w_gate"].shape == (16, 32)
    assert jnp.all(jnp.isfinite(params["w_gate"]))
