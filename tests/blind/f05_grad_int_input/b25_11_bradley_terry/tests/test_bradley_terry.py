import jax.numpy as jnp

import rate_league


def test_league_fit():
    assert jnp.isfinite(rate_league.main(n_iter=3))
