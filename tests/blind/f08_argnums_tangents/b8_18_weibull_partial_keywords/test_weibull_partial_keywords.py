import jax.numpy as jnp

from optimize import descend
from survival import gradient_for


def test_descent_moves_theta():
    t = jnp.array([1.0, 2.0, 0.5])
    e = jnp.array([1.0, 0.0, 1.0])
    c = jnp.zeros((3, 2))
    theta = descend(gradient_for(t, e, c), jnp.zeros(4), iters=1)
    assert theta.shape == (4,)
