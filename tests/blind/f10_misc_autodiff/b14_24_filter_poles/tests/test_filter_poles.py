import jax.numpy as jnp

from stability import main


def test_poles_inside_unit_circle():
    assert jnp.all(jnp.abs(main()) < 1.0)
