import jax.numpy as jnp

from train import main


def test_skipgram_refs():
    assert jnp.isfinite(main(n_batches=3))
