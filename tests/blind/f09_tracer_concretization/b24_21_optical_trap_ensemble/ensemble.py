"""Run independent trap recordings in parallel."""
import jax
import jax.numpy as jnp

from langevin import trajectory

CONFIG = {"n_beads": 32, "n_steps": 400, "burn_in": 100, "seed": 11}


def run_ensemble(cfg):
    keys = jax.random.split(jax.random.key(cfg["seed"]), cfg["n_beads"])
    lengths = jnp.full((cfg["n_beads"],), cfg["n_steps"])
    return jax.vmap(trajectory)(keys, lengths)
