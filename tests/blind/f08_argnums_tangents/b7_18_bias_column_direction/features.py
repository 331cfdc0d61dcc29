"""Design-matrix preprocessing shared by the models."""

import jax.numpy as jnp

SPEC = {"n_features": 4, "standardize": True, "add_intercept": True}


def design_row(x, spec=SPEC):
    if spec["standardize"]:
        x = (x - x.mean()) / (x.std() + 1e-6)
    if spec["add_intercept"]:
        x = jnp.concatenate([x, jnp.ones(1)])
    return x
