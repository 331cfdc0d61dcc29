"""Presence/absence model of a plant species from climate covariates."""
import jax
import jax.numpy as jnp

from logrow import as_row


class PresenceModel:
    def __init__(self, l2=1e-3):
        self.l2 = l2

    def logits(self, params, covariates):
        return covariates @ params["w"] + params["b"]

    def loss(self, params, covariates, present):
        z = self.logits(params, covariates)
        nll = -jnp.mean(present * jax.nn.log_sigmoid(z) + (1 - present) * jax.nn.log_sigmoid(-z))
        nll = nll + self.l2 * jnp.sum(params["w"] ** 2)
        accuracy = jnp.mean((z > 0) == (present > 0.5))
        return nll, as_row(nll, accuracy)
