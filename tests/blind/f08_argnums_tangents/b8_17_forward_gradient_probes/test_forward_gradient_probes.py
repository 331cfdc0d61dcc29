import jax.numpy as jnp

from fwdgrad import train


def test_weights_stay_bfloat16():
    params, _ = train(steps=1)
    assert params["w"].dtype == jnp.bfloat16
