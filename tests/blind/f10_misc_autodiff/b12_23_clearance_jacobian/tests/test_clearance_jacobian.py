import jax.numpy as jnp

from plan import LENGTHS, OBSTACLES, RADII, repair
from reach.geometry import clearances


def test_repair_clears_obstacles():
    q = repair(jnp.array([0.6, 0.4, 0.2]))
    assert float(jnp.min(clearances(q, LENGTHS, OBSTACLES, RADII))) > 0.0
