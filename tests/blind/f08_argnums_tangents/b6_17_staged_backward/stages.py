"""Two pipeline stages of a Gaussian encoder/decoder, each differentiated on its own."""

import jax
import jax.numpy as jnp


class EncoderStage:
    def init(self, key, d_in, d_latent):
        k1, k2 = jax.random.split(key)
        return {"w_mu": jax.random.normal(k1, (d_in, d_latent)) * 0.1, "w_ls": jax.random.normal(k2, (d_in, d_latent)) * 0.1}

    def forward(self, params, x):
        return x @ params["w_mu"], jnp.tanh(x @ params["w_ls"])


class DecoderStage:
    def init(self, key, d_latent, d_out):
        return {"w": jax.random.normal(key, (d_latent, d_out)) * 0.1}

    def loss(self, params, mu, log_sigma, eps, x):
        z = mu + jnp.exp(log_sigma) * eps
        recon = jnp.mean(jnp.sum((z @ params["w"] - x) ** 2, axis=-1))
        kl = jnp.mean(jnp.sum(0.5 * (mu**2 + jnp.exp(2 * log_sigma)) - log_sigma - 0.5, axis=-1))
        return recon + kl
