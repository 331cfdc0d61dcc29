import jax.numpy as jnp

import notebook


def test_fit_recovers_slope():
    theta = notebook.main()
    assert jnp.all(jnp.isfinite(theta))
