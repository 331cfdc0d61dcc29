import jax.numpy as jnp

from train import train


def test_objective_finite():
    assert jnp.isfinite(train(steps=2))
