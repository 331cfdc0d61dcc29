import jax.numpy as jnp

from locate import MICS, locate
from acoustics.propagation import received_level


def test_locate_runs():
    levels = received_level(jnp.array([62.0, 30.0]), MICS, 100.0)
    assert locate(levels, steps=2).shape == (2,)
