import jax.numpy as jnp

from calibrate import gradient_descent


def test_calibration_step():
    coef = gradient_descent(jnp.array([1.0, 2.0, 1.0]), iters=5)
    assert jnp.all(jnp.isfinite(coef))
