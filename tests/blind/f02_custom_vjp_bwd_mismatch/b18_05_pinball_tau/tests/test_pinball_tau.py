import jax
import jax.numpy as jnp

from forecast.losses import pinball


def test_pinball_tau():
    pred = jnp.zeros((8, 3))
    g = jax.grad(pinball, argnums=1)(pred, jnp.array([0.1, 0.5, 0.9]), 0.05, jnp.ones((8, 1)))
    assert g.shape == (3,)
