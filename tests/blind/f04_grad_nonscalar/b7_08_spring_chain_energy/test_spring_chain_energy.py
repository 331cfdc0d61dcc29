import jax.numpy as jnp

import integrate


def test_energy_is_finite():
    energies = integrate.main(n=4, n_steps=20)
    assert bool(jnp.isfinite(energies).all())
