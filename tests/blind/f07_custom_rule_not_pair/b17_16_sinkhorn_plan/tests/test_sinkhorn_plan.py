import jax
import jax.numpy as jnp

import align


def test_gradient_points_towards_target():
    src = jnp.zeros((5, 2))
    dst = jnp.ones((5, 2))
    g = jax.grad(align.alignment_loss)(jnp.zeros(2), src, dst)
    assert g.shape == (2,)
