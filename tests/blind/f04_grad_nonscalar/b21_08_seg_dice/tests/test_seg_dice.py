import jax.numpy as jnp

from train import main


def test_segmenter_trains():
    params = main()
    assert jnp.all(jnp.isfinite(params["w2"]))
