import jax.numpy as jnp

from train import main


def test_embedding_updated_in_place():
    store = main()
    assert jnp.all(jnp.isfinite(store.refs["embed"][...]))
