import jax.numpy as jnp

from polymer import forces


def test_forces_on_straight_chain():
    chain = jnp.stack([jnp.arange(5.0), jnp.zeros(5), jnp.zeros(5)], axis=-1)
    assert forces(chain).shape == (5, 3)
