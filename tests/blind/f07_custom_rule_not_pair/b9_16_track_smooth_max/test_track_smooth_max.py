import jax
import jax.numpy as jnp

from tracker import tune


def test_tuned_sigma_is_finite():
    predicted = jnp.zeros((2, 2))
    detections = jax.random.normal(jax.random.key(0), (2, 3, 2))
    assert jnp.isfinite(tune(jnp.array(0.0), predicted, detections, steps=2))
