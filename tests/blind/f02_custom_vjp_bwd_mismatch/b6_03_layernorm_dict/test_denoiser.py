import jax.numpy as jnp

from train import main


def test_denoiser_step():
    assert jnp.isfinite(main())
