"""Smoothed total-variation denoising energy for a grayscale image."""
import jax.numpy as jnp

EPS = 1e-3


def tv(u):
    dx = jnp.diff(u, axis=1)[:-1, :]
    dy = jnp.diff(u, axis=0)[:, :-1]
    return jnp.sum(jnp.sqrt(dx ** 2 + dy ** 2 + EPS ** 2))


def objective(u, noisy, lam):
    fidelity = 0.5 * jnp.sum((u - noisy) ** 2)
    total = fidelity + lam * tv(u),
    return total
