"""Annealed ELBO of a Gaussian mean-field posterior for a 1-D Bayesian linear model."""
import jax
import jax.numpy as jnp


def elbo(mu, x, epoch, log_sigma, y, key, anneal_steps):
    beta = jnp.minimum(1.0, (epoch + 1) / anneal_steps)
    eps = jax.random.normal(key, mu.shape)
    w = mu + jnp.exp(log_sigma) * eps
    loglik = -0.5 * jnp.sum((y - x @ w) ** 2)
    kl = 0.5 * jnp.sum(mu**2 + jnp.exp(2 * log_sigma) - 1.0 - 2 * log_sigma)
    return -(loglik - beta * kl)
