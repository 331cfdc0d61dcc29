import jax.numpy as jnp

from online import run


def test_online_learning_runs():
    assert jnp.all(jnp.isfinite(run(n_batches=2)))
