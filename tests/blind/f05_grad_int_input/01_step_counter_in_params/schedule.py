"""Learning-rate warmup driven by a step counter stored with the weights."""

import jax.numpy as jnp


def init_state(n):
    return {"w": jnp.zeros(n), "b": jnp.array(0.0), "step": jnp.array(0)}


def warmup(step, base=0.1, warm=10):
    return base * jnp.minimum(1.0, (step + 1) / warm)
