import jax.numpy as jnp

import retrieve


def test_retrieval_improves_on_prior():
    prior, temp, truth = retrieve.main()
    assert jnp.mean((temp - truth) ** 2) < jnp.mean((prior - truth) ** 2)
