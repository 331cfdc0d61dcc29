import jax.numpy as jnp

from train import train


def test_a_few_steps_give_a_finite_loss():
    _, value = train(steps=2)
    assert jnp.isfinite(value)
