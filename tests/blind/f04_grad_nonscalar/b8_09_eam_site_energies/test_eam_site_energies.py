import jax.numpy as jnp

from md import run


def test_energy_is_finite():
    _, energies = run(n_steps=5)
    assert bool(jnp.all(jnp.isfinite(energies)))
