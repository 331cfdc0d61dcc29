import jax
import jax.numpy as jnp

from circuit import misfit


def test_misfit_gradient_is_finite():
    g = jax.grad(misfit)(jnp.array([0.1, 2.0, 1.0]), jnp.array([0.9, 1.1]))
    assert jnp.all(jnp.isfinite(g))
