"""Random perturbation directions for sensitivity probes."""

import jax
import jax.numpy as jnp


def rademacher_like(key, params):
    kw, kb = jax.random.split(key)
    return {
        "w": jax.random.rademacher(kw, params["w"].shape, dtype=jnp.float32),
        "b": jax.random.rademacher(kb, params["w"].shape[:1], dtype=jnp.float32),
    }
