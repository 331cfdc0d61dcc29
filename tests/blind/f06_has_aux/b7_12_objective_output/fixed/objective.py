"""A VAE-style objective object that reports its terms alongside the loss."""

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@dataclass
class ObjectiveOutput:
    loss: jax.Array
    metrics: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ELBO:
    beta: float = 1.0

    def __call__(self, params, x, key):
        mu = x @ params["enc_mu"]
        log_var = x @ params["enc_lv"]
        z = mu + jnp.exp(0.5 * log_var) * jax.random.normal(key, mu.shape)
        recon = z @ params["dec"]
        rec = jnp.mean(jnp.sum((recon - x) ** 2, axis=-1))
        kl = jnp.mean(0.5 * jnp.sum(jnp.exp(log_var) + mu**2 - 1.0 - log_var, axis=-1))
        out = ObjectiveOutput(rec + self.beta * kl, {"rec": rec, "kl": kl})
        return out.loss, out.metrics
