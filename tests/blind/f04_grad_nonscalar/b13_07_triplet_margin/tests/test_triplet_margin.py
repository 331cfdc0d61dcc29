import jax.numpy as jnp

from train import main


def test_triplet_margin():
    assert jnp.isfinite(main(steps=2))
