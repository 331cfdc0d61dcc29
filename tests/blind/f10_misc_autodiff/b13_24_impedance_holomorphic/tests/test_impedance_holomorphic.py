import jax.numpy as jnp

from fit import main


def test_impedance_holomorphic():
    assert jnp.all(jnp.isfinite(main(iterations=3)))
