import jax.numpy as jnp

from train import main


def test_global_bias_is_learned():
    model = main()
    assert model["mu"].shape == ()
    assert jnp.isfinite(model["mu"])
