"""Schaefer biomass dynamics driven by reported catches."""
import jax
import jax.numpy as jnp


def biomass_series(params, catches):
    r = jnp.exp(params["log_r"])
    k = jnp.exp(params["log_k"])

    def year(b, catch):
        b_next = b + r * b * (1.0 - b / k) - catch
        return jnp.maximum(b_next, 1.0), b

    _, series = jax.lax.scan(year, params["b0"], catches)
    return series


def neg_log_likelihood(params, catches, cpue, sigma=0.2):
    predicted = jnp.exp(params["log_q"]) * biomass_series(params, catches)
    resid = jnp.log(cpue) - jnp.log(predicted)
    return 0.5 * jnp.sum(resid**2) / sigma**2
