"""Dose-response curves for the plate-reader assay pipeline."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def log_logistic(log_dose, log_ec50, hill):
    """Fraction of maximal response, computed in a numerically safe way."""
    return jax.nn.sigmoid(hill * (log_dose - log_ec50))


def _ll_fwd(log_dose, log_ec50, hill):
    z = hill * (log_dose - log_ec50)
    s = jax.nn.sigmoid(z)
    return s, (log_dose, log_ec50, hill, s)


def _ll_bwd(res, g):
    log_dose, log_ec50, hill, s = res
    ds = g * s * (1.0 - s)
    return ds * hill, -jnp.sum(ds * hill), jnp.sum(ds * (log_dose - log_ec50))


log_logistic.defvjp(_ll_fwd, _ll_bwd)


def four_pl(params, log_dose):
    bottom, top, log_ec50, hill = params
    return bottom + (top - bottom) * log_logistic(log_dose, log_ec50, hill)
