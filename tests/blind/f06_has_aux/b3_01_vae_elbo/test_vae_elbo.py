import jax.numpy as jnp

import train


def test_metrics_finite():
    metrics = train.main()
    assert bool(jnp.isfinite(metrics["loss"]))
