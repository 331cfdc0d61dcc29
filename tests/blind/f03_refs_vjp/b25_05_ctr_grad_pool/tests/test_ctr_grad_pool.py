import jax.numpy as jnp

from run import train


def test_training_step():
    loss, gnorm = train(epochs=2)
    assert jnp.isfinite(loss) and jnp.isfinite(gnorm)
