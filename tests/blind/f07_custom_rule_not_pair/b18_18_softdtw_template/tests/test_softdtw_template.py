import jax
import jax.numpy as jnp

from dtw.soft_dtw import template_loss


def test_softdtw_template():
    g = jax.grad(template_loss)(jnp.zeros(3), jnp.ones((2, 3)))
    assert g.shape == (3,)
