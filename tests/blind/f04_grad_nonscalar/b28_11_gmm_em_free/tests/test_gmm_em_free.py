import jax.numpy as jnp

from fit_mixture import fit, params


def test_means_are_sorted_after_fit():
    fitted = fit(params)
    assert jnp.all(jnp.diff(fitted["means"]) > 0)
