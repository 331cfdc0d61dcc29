"""Directional sensitivities of the final populations to the interaction matrix."""

import jax
import jax.numpy as jnp


def random_direction(key, model):
    v = jax.random.normal(key, (model.n_species,))
    return v / jnp.linalg.norm(v)


def directional_sensitivity(model, interactions, pop0, direction):
    final = lambda A: model.final_population(A, pop0)
    _, d_final = jax.jvp(final, (interactions,), (direction,))
    return d_final


def sensitivity_spread(model, interactions, pop0, key, n_dirs=4):
    keys = jax.random.split(key, n_dirs)
    return jnp.stack([directional_sensitivity(model, interactions, pop0, random_direction(k, model)) for k in keys])
