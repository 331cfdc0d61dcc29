"""Thermocouple readings along the rod (converted from the lab's .mat export)."""
import jax.numpy as jnp
import numpy as np

N_NODES = 30


def rod_geometry(length=0.5):
    x = np.linspace(0.0, length, N_NODES + 2)
    return x[1:-1], x[1] - x[0]


def load_readings(true_profile, noise=0.05, seed=0):
    rng = np.random.default_rng(seed)
    T = np.asarray(true_profile) + noise * rng.standard_normal(N_NODES)
    T_obs = jnp.asarray(T, dtype=jnp.float32)
    return T_obs
