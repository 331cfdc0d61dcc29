import jax.numpy as jnp

import sampler


def test_walkers_end_finite():
    x = sampler.main(walkers=16)
    assert jnp.all(jnp.isfinite(x))
