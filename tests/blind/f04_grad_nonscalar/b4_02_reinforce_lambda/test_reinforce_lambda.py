import jax.numpy as jnp

from reinforce import train


def test_policy_trains():
    params = train(steps=3)
    assert params["w"].shape == (4, 3)
    assert bool(jnp.all(jnp.isfinite(params["b"])))
