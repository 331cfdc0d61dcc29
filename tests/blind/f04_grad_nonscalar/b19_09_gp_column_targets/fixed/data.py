"""Load the soil-moisture survey as a table: columns x, y, moisture."""

import numpy as np

import jax.numpy as jnp


def survey_table(n=40, seed=4):
    rng = np.random.default_rng(seed)
    xy = rng.uniform(0.0, 10.0, size=(n, 2))
    moisture = np.sin(xy[:, 0] / 2.0) + 0.5 * np.cos(xy[:, 1] / 3.0) + 0.05 * rng.standard_normal(n)
    return np.column_stack([xy, moisture]).astype(np.float32)


def split_features_target(table):
    inputs = jnp.asarray(table[:, :-1])
    target = jnp.asarray(table[:, -1])
    return inputs, target
