import jax.numpy as jnp

from fishery import YEARS, Fishery


def test_policy_step_stays_in_bounds():
    harvest, total = Fishery().improve(jnp.full((YEARS,), 0.2))
    assert jnp.all((harvest >= 0.0) & (harvest <= 1.0)) and total > 0
