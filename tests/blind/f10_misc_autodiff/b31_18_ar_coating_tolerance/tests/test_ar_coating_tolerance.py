import jax.numpy as jnp

import tolerance


def test_nitride_is_best_on_silicon():
    results = tolerance.main()
    assert results["Si3N4"][0] < results["MgF2"][0]
