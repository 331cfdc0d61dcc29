import jax.numpy as jnp

from demand import weekly_demand
from forecast.params import init_params
from forecast.train import refine_initial_state


def test_refine_runs():
    series = weekly_demand()
    params = init_params("holt", series[0])
    loss = refine_initial_state(params, jnp.array([0.4, 0.1]), series, steps=2)
    assert loss > 0
