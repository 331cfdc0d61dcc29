import jax.numpy as jnp

from allocate import main


def test_project_irr():
    assert jnp.isfinite(main(steps=3))
