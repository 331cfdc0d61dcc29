import jax.numpy as jnp

from hetero.loss import LossOptions
from hetero.train import build_step


def test_hetero_nll_aux():
    params = {"w_mean": jnp.zeros(3), "w_logvar": jnp.zeros(3)}
    params, loss, aux = build_step(LossOptions(log_metrics=False))(params, jnp.ones((4, 3)), jnp.ones(4))
    assert loss.shape == ()
