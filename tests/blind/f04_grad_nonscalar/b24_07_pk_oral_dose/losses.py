"""Registry of residual models for concentration-time data."""
import jax.numpy as jnp

LOSSES = {}


def register(name):
    def deco(fn):
        LOSSES[name] = fn
        return fn
    return deco


@register("additive")
def additive_error(pred, obs, sigma=0.1):
    return 0.5 * jnp.sum((pred - obs) ** 2) / sigma**2


@register("log_normal")
def log_normal_error(pred, obs, floor=1e-3):
    """Proportional error model: squared log-residuals, averaged over sampling times."""
    r = jnp.log(pred + floor) - jnp.log(obs + floor)
    return jnp.mean(r**2, axis=-1)
