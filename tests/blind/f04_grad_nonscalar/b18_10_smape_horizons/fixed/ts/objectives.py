"""Plugin registry of forecasting objectives."""
import jax.numpy as jnp

OBJECTIVES = {}


def objective(name):
    def register(fn):
        OBJECTIVES[name] = fn
        return fn
    return register


@objective("mae")
def mae(pred, target):
    return jnp.mean(jnp.abs(pred - target))


@objective("smape")
def smape(pred, target):
    denom = jnp.abs(pred) + jnp.abs(target) + 1e-8
    return jnp.mean(2.0 * jnp.abs(pred - target) / denom)
