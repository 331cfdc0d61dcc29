import jax
import jax.numpy as jnp

import vae


def test_train_step_reports_parts():
    params = vae.init(jax.random.PRNGKey(0))
    x = jnp.ones((4, vae.RUN["d_x"]))
    _, loss, parts = vae.train_step(params, x, jax.random.PRNGKey(1))
    assert set(parts) == {"rec", "kl"}
