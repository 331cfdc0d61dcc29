"""Stochastic trace estimators (Hutchinson) for Jacobians of vector fields."""

import jax
import jax.numpy as jnp


def rademacher_probes(key, n_probes, dim):
    return jax.random.rademacher(key, (n_probes, dim), dtype=jnp.float32)


def hutchinson_divergence(field, x, probes):
    """E[v^T J v] over probes v, where J is the Jacobian of field at x."""
    _, jvp_at_x = jax.linearize(field, x)
    return jnp.mean(jnp.stack([v @ jvp_at_x(v) for v in probes]))
