import jax.numpy as jnp

from train import main


def test_focal_modulator():
    assert jnp.isfinite(main())
