"""Random unit perturbations of a phase-space point."""
import jax
import jax.numpy as jnp


def unit_perturbation(state, key):
    keys = jax.random.split(key, len(state))
    vs = [jax.random.normal(k, x.shape) for k, x in zip(keys, state)]
    norm = jnp.sqrt(sum(jnp.sum(v * v) for v in vs))
    return tuple(v / norm for v in vs)


def phase_norm(delta):
    return jnp.sqrt(sum(jnp.sum(d * d) for d in delta))
