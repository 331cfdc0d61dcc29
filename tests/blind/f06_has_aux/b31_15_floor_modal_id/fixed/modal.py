"""Free decay of a floor's first bending mode, and the identification objective."""
import jax.numpy as jnp

from weighting import apply_weights

PRIOR = {"log_f": jnp.log(6.0), "log_zeta": jnp.log(0.02)}


def decay(params, t, x0=1.0):
    f = jnp.exp(params["log_f"])
    zeta = jnp.exp(params["log_zeta"])
    wn = 2.0 * jnp.pi * f
    wd = wn * jnp.sqrt(1.0 - zeta ** 2)
    return x0 * jnp.exp(-zeta * wn * t) * (jnp.cos(wd * t) + zeta * wn / wd * jnp.sin(wd * t))


def objective(params, t, measured):
    pred = decay(params, t)
    terms = {
        "data": jnp.mean((pred - measured) ** 2),
        "prior": sum((params[k] - PRIOR[k]) ** 2 for k in PRIOR),
        "smooth": jnp.mean(jnp.diff(pred, 2) ** 2),
    }
    return sum(apply_weights(terms).values())
