import jax.numpy as jnp

from train import train


def test_response_fit_is_finite():
    _, value = train(n_steps=10)
    assert jnp.isfinite(value)
