import jax.numpy as jnp

import maxent


def test_probabilities_normalised():
    p = maxent.main()
    assert jnp.allclose(p.sum(), 1.0, atol=1e-5)
