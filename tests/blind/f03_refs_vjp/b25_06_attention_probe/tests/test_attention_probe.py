import jax.numpy as jnp

from train import train


def test_attention_is_recorded():
    loss, attention = train(steps=1)
    assert jnp.allclose(attention.sum(-1), 1.0, atol=1e-5)
