import jax.numpy as jnp

import dynamics


def test_chain_stays_finite():
    assert bool(jnp.all(jnp.isfinite(dynamics.main())))
