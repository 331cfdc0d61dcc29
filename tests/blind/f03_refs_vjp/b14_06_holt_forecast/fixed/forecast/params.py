"""Initial states of exponential-smoothing forecasters, held in Refs."""
import jax
import jax.numpy as jnp

PARAM_SHAPES = {"level": (), "trend": (), "season": (7,)}
COMPONENTS = {"holt": ("level", "trend"), "holt_winters": ("level", "trend", "season")}


def init_params(kind, first_value):
    params = {}
    for name in COMPONENTS[kind]:
        value = jnp.zeros(PARAM_SHAPES[name])
        if name == "level":
            value = value + first_value
        params[name] = jax.new_ref(value)
    return params


def grad_buffers(params):
    """Zeroed gradient accumulators, one per parameter."""
    return {name: jax.new_ref(jnp.zeros_like(ref[...])) for name, ref in params.items()}
