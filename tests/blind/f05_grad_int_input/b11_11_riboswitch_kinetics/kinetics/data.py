"""A synthetic dose-response time course (four ligand doses, noisy reporter)."""

import jax
import jax.numpy as jnp

from kinetics.model import Rates, trajectory

DOSES = jnp.array([0.05, 0.5, 2.0, 8.0])


def observed(key):
    truth = Rates(k_tx=3.0, k_deg=0.2, kd=1.5, hill=2.5, leak=0.08)
    clean = trajectory(truth, DOSES)
    return clean + 0.2 * jax.random.normal(key, clean.shape)
