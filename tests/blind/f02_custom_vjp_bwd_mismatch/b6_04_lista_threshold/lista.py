"""Learned ISTA: a fixed number of unrolled sparse-coding iterations."""

import functools

import jax
import jax.numpy as jnp

from prox import soft_threshold


def init_lista(key, dictionary, n_layers):
    n_atoms = dictionary.shape[1]
    step = 1.0 / jnp.linalg.norm(dictionary, 2) ** 2
    return {
        "W": step * dictionary.T,
        "S": jnp.eye(n_atoms) - step * dictionary.T @ dictionary,
        "lam": jnp.full((n_layers,), 0.1) + 0.01 * jax.random.normal(key, (n_layers,)),
    }


def _layer(params, y, z, lam):
    z = soft_threshold(z @ params["S"].T + y @ params["W"].T, lam)
    return z, None


def encode(params, y):
    z0 = jnp.zeros((y.shape[0], params["S"].shape[0]))
    body = functools.partial(_layer, params, y)
    z, _ = jax.lax.scan(body, z0, params["lam"])
    return z
