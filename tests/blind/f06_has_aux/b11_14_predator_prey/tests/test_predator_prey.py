import jax.numpy as jnp

from fit_lynx import fit, make_counts


def test_fit_history_is_finite():
    _, history = fit(make_counts(), iters=2)
    assert jnp.all(jnp.isfinite(history))
