"""A 1-D Gaussian mixture with unconstrained parameters (logits, means, log-scales)."""
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


class GaussianMixture:
    def __init__(self, n_components):
        self.k = n_components

    def init(self, data):
        qs = jnp.quantile(data, jnp.linspace(0.1, 0.9, self.k))
        return {
            "logits": jnp.zeros(self.k),
            "means": qs,
            "log_scales": jnp.full(self.k, jnp.log(jnp.std(data) / self.k)),
        }

    def log_prob(self, params, x):
        """Log density of each observation under the mixture."""
        log_w = jax.nn.log_softmax(params["logits"])
        z = (x[:, None] - params["means"]) / jnp.exp(params["log_scales"])
        comp = -0.5 * z ** 2 - params["log_scales"] - 0.5 * jnp.log(2 * jnp.pi)
        return logsumexp(log_w + comp, axis=-1)

    def responsibilities(self, params, x):
        log_w = jax.nn.log_softmax(params["logits"])
        z = (x[:, None] - params["means"]) / jnp.exp(params["log_scales"])
        comp = log_w - 0.5 * z ** 2 - params["log_scales"]
        return jax.nn.softmax(comp, axis=-1)
