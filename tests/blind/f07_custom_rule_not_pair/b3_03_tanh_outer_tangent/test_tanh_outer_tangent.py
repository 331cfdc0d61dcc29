import jax.numpy as jnp

import net


def test_slope_finite():
    assert bool(jnp.isfinite(net.main()))
