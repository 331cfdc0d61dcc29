import jax.numpy as jnp

from evaluate import main


def test_log_likelihood_finite():
    assert jnp.all(jnp.isfinite(main()))
