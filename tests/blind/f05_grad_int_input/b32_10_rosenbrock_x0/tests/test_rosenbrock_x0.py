import jax.numpy as jnp

import descent


def test_descent_finite():
    results = descent.main()
    assert all(bool(jnp.all(jnp.isfinite(x))) for x in results.values())
