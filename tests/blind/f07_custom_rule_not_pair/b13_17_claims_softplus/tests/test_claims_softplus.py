import jax.numpy as jnp

from fit import main


def test_claims_softplus():
    assert jnp.isfinite(main(steps=3))
