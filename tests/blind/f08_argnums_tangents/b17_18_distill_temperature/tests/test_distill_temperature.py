import jax
import jax.numpy as jnp

import distill


def test_train_updates_temperature():
    batch = distill.make_batch(jax.random.PRNGKey(1), n=8)
    state = {"student": {"w": jnp.zeros((8, 4)), "b": jnp.zeros(4)}, "log_temp": jnp.array(0.0)}
    state, _ = distill.train(state, batch, steps=1)
    assert state["log_temp"].shape == ()
