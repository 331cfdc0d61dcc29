import jax.numpy as jnp

import settle


def test_beads_stay_finite():
    pos = settle.main(n_steps=3)
    assert jnp.all(jnp.isfinite(pos))
