"""A diagonal Gaussian mixture with unconstrained parameters."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from gmm.numerics import logsumexp_rows


@dataclass(frozen=True)
class GaussianMixture:
    n_components: int
    dim: int

    def init(self, key, data):
        idx = jax.random.choice(key, data.shape[0], (self.n_components,), replace=False)
        return {
            "logits": jnp.zeros(self.n_components),
            "means": data[idx],
            "log_scales": jnp.zeros((self.n_components, self.dim)),
        }

    def component_log_probs(self, params, x):
        z = (x[:, None, :] - params["means"]) * jnp.exp(-params["log_scales"])
        log_norm = -jnp.sum(params["log_scales"], -1) - 0.5 * self.dim * jnp.log(2 * jnp.pi)
        return jax.nn.log_softmax(params["logits"]) + log_norm - 0.5 * jnp.sum(z * z, -1)

    def log_likelihood(self, params, x):
        return logsumexp_rows(self.component_log_probs(params, x))  # (n,)
