import jax.numpy as jnp

from match import match


def test_match_runs():
    log_amps, loss = match(steps=2)
    assert jnp.isfinite(loss)
