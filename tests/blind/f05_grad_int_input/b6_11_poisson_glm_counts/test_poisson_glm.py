import jax.numpy as jnp

from estimate import main


def test_glm_recovers_coefficients():
    beta = main()
    assert jnp.allclose(beta, jnp.array([-2.0, 0.4, 0.7]), atol=0.3)
