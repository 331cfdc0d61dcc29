import jax.numpy as jnp

from contrastive.losses import info_nce
from contrastive.trainer import ContrastiveTrainer


def test_infonce_metrics():
    params = {"proj": jnp.eye(8)[:, :4]}
    a = jnp.eye(8)
    params, metrics = ContrastiveTrainer(info_nce).step(params, a, a)
    assert "loss" in metrics
