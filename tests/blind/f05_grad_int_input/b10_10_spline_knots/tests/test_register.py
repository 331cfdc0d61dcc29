import jax.numpy as jnp

from register import register


def test_registration_loss_finite():
    _, loss = register(steps=2)
    assert jnp.isfinite(loss)
