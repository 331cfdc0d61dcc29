import jax.numpy as jnp

from plan import main


def test_orders_are_finite():
    assert jnp.all(jnp.isfinite(main()))
