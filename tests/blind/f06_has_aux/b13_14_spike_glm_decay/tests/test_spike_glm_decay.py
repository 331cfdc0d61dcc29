import jax.numpy as jnp

from fit import main


def test_spike_glm_decay():
    assert jnp.isfinite(main(steps=5))
