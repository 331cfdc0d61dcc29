import jax.numpy as jnp

import design


def test_design_runs():
    value = design.main(steps=2)
    assert jnp.isfinite(value)
