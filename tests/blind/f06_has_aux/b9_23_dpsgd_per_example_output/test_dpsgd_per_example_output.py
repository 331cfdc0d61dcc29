import jax
import jax.numpy as jnp

from dpsgd import private_step


def test_private_step_keeps_shape():
    x = jax.random.normal(jax.random.key(0), (8, 3))
    y = jnp.ones(8)
    assert private_step(jnp.zeros(3), x, y, jax.random.key(1)).shape == (3,)
