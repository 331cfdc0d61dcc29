import jax.numpy as jnp

from train import main


def test_box_regression_trains():
    assert jnp.isfinite(main())
