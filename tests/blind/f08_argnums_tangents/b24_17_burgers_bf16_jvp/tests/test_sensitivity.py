import jax.numpy as jnp

import sensitivity


def test_response_is_finite_and_nonzero():
    du = sensitivity.main()
    du = du.astype(jnp.float32)
    assert jnp.all(jnp.isfinite(du)) and jnp.max(jnp.abs(du)) > 0.0
