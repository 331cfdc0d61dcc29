import jax.numpy as jnp

from fit import fit
from sir import SIRParams, trajectory


def test_fit_keeps_parameters_finite():
    observed = trajectory(SIRParams(jnp.array(0.3), jnp.array(0.1), jnp.array(3.0)), days=20)
    p = fit(observed, steps=1)
    assert all(bool(jnp.isfinite(v)) for v in p)
