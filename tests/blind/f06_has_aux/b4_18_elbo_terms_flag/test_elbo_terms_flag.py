import jax.numpy as jnp

from vi import fit


def test_history_has_terms():
    x = jnp.ones((4, 2))
    _, history = fit(x, jnp.ones(4), steps=2)
    assert set(history[0]) == {"nll", "kl"}
