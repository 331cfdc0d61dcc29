import jax
import jax.numpy as jnp

from poisson_glm import fit


def test_fit_is_finite():
    x = jax.random.normal(jax.random.key(0), (10, 3))
    assert jnp.all(jnp.isfinite(fit(x, jnp.ones(10), steps=2)))
