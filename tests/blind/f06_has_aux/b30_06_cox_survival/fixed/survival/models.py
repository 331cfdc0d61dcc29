"""Proportional-hazards and accelerated-failure-time objectives."""
import jax
import jax.numpy as jnp

from survival.base import Objective, objective


@objective("cox")
class CoxPartialLikelihood(Objective):
    """Breslow partial likelihood (no tied event times assumed)."""

    def compute(self, params, batch):
        order = jnp.argsort(-batch["time"])
        risk = batch["x"][order] @ params["beta"]
        event = batch["event"][order]
        log_risk_set = jax.lax.cumlogsumexp(risk)
        n_events = jnp.maximum(event.sum(), 1.0)
        return -jnp.sum(event * (risk - log_risk_set)) / n_events, {"n_events": n_events}


@objective("weibull")
class WeibullAFT(Objective):
    def compute(self, params, batch):
        k = jnp.exp(params["log_shape"])
        lam = jnp.exp(batch["x"] @ params["beta"])
        z = batch["time"] / lam
        log_h = jnp.log(k) - jnp.log(lam) + (k - 1.0) * jnp.log(z)
        nll = -jnp.mean(batch["event"] * log_h - z ** k)
        return nll, {"shape": k}
