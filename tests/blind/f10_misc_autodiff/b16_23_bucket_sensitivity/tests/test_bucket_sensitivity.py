import jax
import jax.numpy as jnp

from sensitivity import forcing, runoff_jacobian


def test_jacobian_shape():
    rain, pet = forcing(jax.random.PRNGKey(0), n_days=10)
    jac = runoff_jacobian(jnp.array([80.0, 0.05, 0.8]), rain, pet)
    assert jac.shape == (10, 3)
