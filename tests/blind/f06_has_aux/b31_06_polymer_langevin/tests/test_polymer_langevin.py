import jax.numpy as jnp

import simulate


def test_chain_stays_finite():
    state = simulate.main(n_beads=8, n_steps=10)
    assert jnp.all(jnp.isfinite(state.pos))
