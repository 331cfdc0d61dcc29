import jax.numpy as jnp

from train import main


def test_clip_contrastive():
    assert jnp.isfinite(main(steps=3))
