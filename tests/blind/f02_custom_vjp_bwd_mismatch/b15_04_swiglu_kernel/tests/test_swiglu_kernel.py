import jax.numpy as jnp

from pretrain import run


def test_pretraining_step_runs():
    assert jnp.isfinite(run(steps=3))
