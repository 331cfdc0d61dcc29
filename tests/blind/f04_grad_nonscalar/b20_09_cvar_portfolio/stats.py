"""Scenario statistics shared by the risk and reporting code.

Scenarios run along axis 0; reductions keep that axis so results broadcast
back against the scenario matrix.
"""
import jax.numpy as jnp


def expectation(x, weights=None):
    if weights is None:
        return jnp.mean(x, axis=0, keepdims=True)
    return jnp.tensordot(weights, x, axes=1)[None]


def demean(x):
    return x - expectation(x)
