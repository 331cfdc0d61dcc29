import jax
import jax.numpy as jnp

import ensemble


def test_member_grads_shapes():
    key = jax.random.PRNGKey(1)
    p = ensemble.init_member(key)
    x = jnp.ones((8, ensemble.D_IN))
    y = jnp.zeros((8, ensemble.D_OUT))
    g = ensemble.member_grads(p, x, y)
    assert g["w1"].shape == p["w1"].shape
