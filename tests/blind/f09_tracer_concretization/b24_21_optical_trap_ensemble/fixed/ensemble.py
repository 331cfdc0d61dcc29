"""Run independent trap recordings in parallel."""
from functools import partial

import jax
import jax.numpy as jnp

from langevin import trajectory

CONFIG = {"n_beads": 32, "n_steps": 400, "burn_in": 100, "seed": 11}


def run_ensemble(cfg):
    keys = jax.random.split(jax.random.key(cfg["seed"]), cfg["n_beads"])
    return jax.vmap(partial(trajectory, n_steps=cfg["n_steps"]))(keys)
