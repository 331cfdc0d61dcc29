import jax.numpy as jnp

from relax import WATER_DIMER, relax


def test_oxygen_gets_negative_charge():
    _, charges, energy = relax(WATER_DIMER)
    assert jnp.isfinite(energy)
    assert float(charges[0]) < 0.0 < float(charges[1])
