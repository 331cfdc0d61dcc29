import jax

import fit
from params import initial_guess, truth


def test_gradient_is_finite():
    g = jax.grad(fit.loss)(initial_guess(), fit.simulate(truth()))
    assert all(jax.numpy.isfinite(x) for x in jax.tree.leaves(g))
