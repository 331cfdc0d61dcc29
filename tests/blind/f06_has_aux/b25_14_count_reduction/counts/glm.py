"""Poisson regression for count data with an exposure offset."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from counts.reductions import reduce_loss


class PoissonGLM:
    def __init__(self, n_features: int, reduction: str = "mean", l2: float = 0.0):
        self.n_features = n_features
        self.reduction = reduction
        self.l2 = l2

    def init(self):
        return {"coef": jnp.zeros((self.n_features,)), "intercept": jnp.zeros(())}

    def log_rate(self, params, x, exposure):
        return x @ params["coef"] + params["intercept"] + jnp.log(exposure)

    def nll(self, params, x, exposure, y):
        eta = self.log_rate(params, x, exposure)
        per_row = jnp.exp(eta) - y * eta + jax.scipy.special.gammaln(y + 1.0)
        return reduce_loss(per_row, self.reduction)

    def objective(self, params, x, exposure, y):
        penalty = self.l2 * jnp.sum(params["coef"] ** 2)
        data = self.nll(params, x, exposure, y)
        return data if self.l2 == 0.0 else data + penalty
