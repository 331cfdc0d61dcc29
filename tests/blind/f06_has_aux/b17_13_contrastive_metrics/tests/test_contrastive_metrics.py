import jax
import jax.numpy as jnp

import encoder


def test_update_reports_accuracy():
    params = encoder.init(jax.random.PRNGKey(0))
    x = jnp.ones((4, encoder.HPARAMS["d_in"]))
    _, metrics = encoder.update(params, x, x)
    assert "acc" in metrics
