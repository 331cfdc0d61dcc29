import jax.numpy as jnp

from invert import invert
from rod.settings import SETTINGS
from rod.solver import simulate


def test_inversion_returns_two_temperatures():
    readings = simulate(jnp.array([85.0, 30.0]), SETTINGS)
    assert invert(readings, dict(SETTINGS, iters=2)).shape == (2,)
