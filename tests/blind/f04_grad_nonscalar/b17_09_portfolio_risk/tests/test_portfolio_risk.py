import jax.numpy as jnp

import optimise


def test_step_keeps_shape():
    mu = jnp.full(4, 1e-3)
    cov = jnp.eye(4) * 1e-4
    logits, value = optimise.step(jnp.zeros(4), mu, cov)
    assert logits.shape == (4,)
