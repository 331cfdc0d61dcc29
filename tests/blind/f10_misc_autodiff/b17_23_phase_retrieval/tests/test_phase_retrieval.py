import jax
import jax.numpy as jnp

import retrieve


def test_gradient_is_real():
    n = retrieve.N
    aperture = jnp.ones((n, n))
    target = retrieve.far_field(jnp.zeros((n, n)), aperture)
    g = jax.grad(retrieve.objective)(jnp.zeros((n, n)), aperture, target, jnp.abs(target) ** 2)
    assert g.dtype == jnp.float32
