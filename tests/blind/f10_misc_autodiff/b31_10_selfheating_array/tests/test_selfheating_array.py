import jax.numpy as jnp

import design


def test_voltage_design_runs():
    loss = design.main(steps=2)
    assert jnp.isfinite(loss)
