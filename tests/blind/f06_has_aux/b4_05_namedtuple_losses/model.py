"""A tied-weight autoencoder."""

import jax
import jax.numpy as jnp

import losses


class TiedAutoencoder:
    def __init__(self, n_in, n_code, beta=0.1):
        self.n_in, self.n_code, self.beta = n_in, n_code, beta

    def init(self, key):
        return {"w": jax.random.normal(key, (self.n_in, self.n_code)) / jnp.sqrt(self.n_in),
                "b": jnp.zeros(self.n_code)}

    def objective(self, params, noisy, clean):
        code = jax.nn.relu(noisy @ params["w"] + params["b"])
        recon = jnp.mean((code @ params["w"].T - clean) ** 2)
        return losses.combine(recon, code, self.beta)
