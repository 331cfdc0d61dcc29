import jax.numpy as jnp

from analysis import sensitivity_table


def test_sensitivities_have_species_shape():
    _, table = sensitivity_table()
    assert all(d.shape == (3,) and jnp.all(jnp.isfinite(d)) for d in table.values())
