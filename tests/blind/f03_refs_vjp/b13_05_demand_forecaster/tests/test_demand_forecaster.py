import jax.numpy as jnp

from online import main


def test_demand_forecaster():
    assert jnp.isfinite(main(days=2))
