import jax
import jax.numpy as jnp

import ctr


def test_update_moves_weights():
    model = ctr.OnlineFM(jax.random.PRNGKey(0))
    x = jnp.ones((4, ctr.N_FEATURES))
    model.update(x, jnp.ones(4))
    assert float(jnp.abs(model.w[...]).sum()) > 0.0
