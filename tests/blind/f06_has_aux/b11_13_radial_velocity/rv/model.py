"""A circular-orbit RV curve with white-noise jitter, as a small model class."""

import jax.numpy as jnp


class CircularOrbit:
    def __init__(self, period_days):
        self.period = period_days  # from the transit ephemeris, held fixed

    def curve(self, params, t):
        phase = 2.0 * jnp.pi * t / self.period + params["phi"]
        return params["gamma"] + jnp.exp(params["log_k"]) * jnp.sin(phase)

    def neg_log_like(self, params, t, rv, sigma):
        resid = rv - self.curve(params, t)
        var = sigma**2 + jnp.exp(2.0 * params["log_jitter"])
        nll = 0.5 * jnp.sum(resid**2 / var + jnp.log(2.0 * jnp.pi * var))
        chi2 = jnp.sum(resid**2 / sigma**2) / resid.size
        return nll, resid, chi2
