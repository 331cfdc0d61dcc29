import jax.numpy as jnp

import train


def test_fit_reduces_loss():
    assert jnp.isfinite(train.fit(steps=2))
