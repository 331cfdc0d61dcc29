"""Outbreak scenario settings for a town of 12,000 people."""
import jax.numpy as jnp

SCENARIO = {
    "population": 12_000,
    "initial_exposed": 40,
    "initial_infectious": 10,
    "days": 160,
    "dt": 0.25,
}

RATES = {"beta": 0.42, "sigma": 1.0 / 5.2, "gamma": 1.0 / 7.0}


def initial_state(scenario):
    """(S, E, I, R) on day 0."""
    n, e0, i0 = scenario["population"], scenario["initial_exposed"], scenario["initial_infectious"]
    return jnp.array([n - e0 - i0, e0, i0, 0], dtype=jnp.float32)
