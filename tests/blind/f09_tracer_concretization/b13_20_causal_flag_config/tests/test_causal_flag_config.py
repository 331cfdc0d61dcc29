import jax.numpy as jnp

from train import main


def test_causal_flag_config():
    assert jnp.isfinite(main(steps=2))
