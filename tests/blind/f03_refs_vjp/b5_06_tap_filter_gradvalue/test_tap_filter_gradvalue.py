import jax.numpy as jnp

from taps import TapFilter
from refit import refit


def test_refit_improves_prediction():
    signal = jnp.sin(jnp.linspace(0.0, 6.0, 80)) + 0.3
    errors = refit(TapFilter(4), signal, n_steps=15)
    assert errors[-1] < errors[0]
