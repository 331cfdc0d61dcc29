import jax
import jax.numpy as jnp

import encoder


def test_train_step_decreases_loss():
    params = encoder.init(jax.random.PRNGKey(1))
    x = jax.random.normal(jax.random.PRNGKey(2), (8, 16))
    y = jnp.zeros((8,))
    params, loss = encoder.train_step(params, x, y)
    assert jnp.isfinite(loss)
