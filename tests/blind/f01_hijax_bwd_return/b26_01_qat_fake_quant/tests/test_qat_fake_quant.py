import jax.numpy as jnp

from train import run


def test_qat_fake_quant():
    metrics = run(steps=5)
    assert jnp.isfinite(metrics["loss"])
