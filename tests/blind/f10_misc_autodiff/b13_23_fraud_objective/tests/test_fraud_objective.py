import jax.numpy as jnp

from train import main


def test_fraud_objective():
    assert jnp.all(jnp.isfinite(main(epochs=3)))
