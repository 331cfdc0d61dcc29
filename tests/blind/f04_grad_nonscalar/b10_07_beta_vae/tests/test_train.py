import jax.numpy as jnp

from train import train


def test_elbo_is_finite():
    assert jnp.isfinite(train(steps=2))
