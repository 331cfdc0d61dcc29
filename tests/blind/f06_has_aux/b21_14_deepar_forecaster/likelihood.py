"""Gaussian output head and its negative log-likelihood (DeepAR-style)."""
import jax
import jax.numpy as jnp


def gaussian_head(h, w_mu, w_sigma):
    mu = h @ w_mu
    sigma = jax.nn.softplus(h @ w_sigma) + 1e-3
    return mu[..., 0], sigma[..., 0]


def gaussian_nll(params, windows, targets):
    h = jnp.tanh(windows @ params["w_in"] + params["b_in"])
    mu, sigma = gaussian_head(h, params["w_mu"], params["w_sigma"])
    nll = jnp.log(sigma) + 0.5 * ((targets - mu) / sigma) ** 2
    return jnp.mean(nll), (mu, sigma)
