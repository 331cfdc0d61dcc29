import jax
import jax.numpy as jnp

import lista


def test_threshold_gets_gradient():
    params = {"W": jnp.ones((8, 16)) * 0.1, "S": jnp.eye(16), "lam": jnp.array(0.05)}
    y = jnp.ones((4, 8))
    g = jax.grad(jax.jit(lista.loss))(params, y, jnp.ones((16, 8)))
    assert g["lam"].shape == ()
