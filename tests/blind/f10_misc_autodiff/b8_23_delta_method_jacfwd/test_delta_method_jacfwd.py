import jax.numpy as jnp

from uncertainty import rate_standard_errors


def test_standard_errors_are_positive():
    x = jnp.array([[1.0, 0.0], [1.0, 1.0]])
    se = rate_standard_errors(jnp.array([0.1, 0.2]), jnp.eye(2) * 0.01, x, jnp.ones(2))
    assert bool(jnp.all(se > 0))
