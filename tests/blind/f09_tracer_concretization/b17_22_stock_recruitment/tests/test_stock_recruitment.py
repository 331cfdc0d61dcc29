import jax.numpy as jnp

import assess


def test_gradient_has_both_parameters():
    theta = {"log_r": jnp.log(2.0), "log_k": jnp.log(500.0)}
    harvest = jnp.array([0.2, 0.3])
    _, g = assess.misfit_grad(theta, harvest, jnp.array([50.0, 60.0]), 10)
    assert set(g) == {"log_r", "log_k"}
