import jax.numpy as jnp

import qat


def test_train_step_loss_is_scalar():
    params = {"w1": jnp.ones((4, 3)), "b1": jnp.zeros(3), "w2": jnp.ones((3, 1)), "b2": jnp.zeros(1)}
    _, value = qat.train_step(params, jnp.ones((2, 4)), jnp.zeros((2, 1)))
    assert value.shape == ()
