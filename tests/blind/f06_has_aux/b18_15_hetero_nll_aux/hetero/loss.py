"""Heteroscedastic regression loss with optional diagnostics."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class LossOptions:
    log_metrics: bool = True
    min_log_var: float = -6.0


def gaussian_nll(params, x, y, options):
    mean = x @ params["w_mean"]
    log_var = jnp.maximum(x @ params["w_logvar"], options.min_log_var)
    nll = 0.5 * jnp.mean(log_var + (y - mean) ** 2 / jnp.exp(log_var))
    if not options.log_metrics:
        return nll
    return nll, {"mean_var": jnp.mean(jnp.exp(log_var))}
