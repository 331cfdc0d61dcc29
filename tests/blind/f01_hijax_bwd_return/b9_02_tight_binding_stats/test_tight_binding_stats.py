import jax.numpy as jnp

from chain import correlations, relax_step


def test_relaxation_lowers_energy():
    c = correlations(8)
    t1, e0 = relax_step(jnp.ones(8), c)
    _, e1 = relax_step(t1, c)
    assert e1 <= e0
