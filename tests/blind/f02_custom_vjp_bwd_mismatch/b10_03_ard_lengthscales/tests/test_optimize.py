import jax.numpy as jnp

from optimize import optimize


def test_lengthscales_stay_finite():
    hyper, loss = optimize(steps=3)
    assert jnp.all(jnp.isfinite(hyper.log_lengthscales))
