import jax.numpy as jnp

from train import train


def test_slope_close():
    params, aux = train(steps=5)
    assert jnp.all(jnp.isfinite(params["w"]))
