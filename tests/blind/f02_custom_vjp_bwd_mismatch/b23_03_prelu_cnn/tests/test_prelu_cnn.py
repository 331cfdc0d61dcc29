import jax.numpy as jnp

from net import main


def test_train_steps():
    assert jnp.isfinite(main())
