import jax
import jax.numpy as jnp

from polymer.fit import mean_energy_target


def test_polymer_rest_length():
    traj = jnp.cumsum(jnp.ones((5, 6, 3)), axis=1)
    assert jax.grad(mean_energy_target)(0.8, 100.0, traj, 1.0).shape == ()
