import jax.numpy as jnp

from fit_support import SETTINGS, step


def test_step_moves_points():
    target = jnp.linspace(-1.0, 1.0, 8)
    points, value = step(jnp.zeros(4) + 0.5, target, jnp.full(8, 1 / 8), SETTINGS)
    assert points.shape == (4,)
