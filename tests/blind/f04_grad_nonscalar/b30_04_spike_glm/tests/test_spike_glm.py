import jax
import jax.numpy as jnp

from fit import fit, simulate
from glm import FitConfig


def test_fit_returns_finite_objective():
    stimulus, counts = simulate(jax.random.PRNGKey(1), n_bins=50)
    params, value = fit(FitConfig(steps=2), stimulus, counts)
    assert jnp.isfinite(value)
