import jax.numpy as jnp

from config import LMConfig
from fit import fit, lorentzian


def test_fit_recovers_centre():
    x = jnp.linspace(950.0, 1050.0, 100)
    y = lorentzian(jnp.array([3.0, 1000.0, 5.0, 0.1]), x)
    params, _ = fit(x, y, jnp.array([2.5, 999.0, 6.0, 0.0]), LMConfig(max_iters=10))
    assert abs(float(params[1]) - 1000.0) < 0.5
