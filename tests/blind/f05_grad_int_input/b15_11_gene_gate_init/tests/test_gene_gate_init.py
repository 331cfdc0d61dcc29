import jax.numpy as jnp

from select_genes import fit


def test_fit_gives_finite_objective():
    _, value = fit(steps=3)
    assert jnp.isfinite(value)
