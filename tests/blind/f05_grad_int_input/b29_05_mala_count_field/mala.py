"""Metropolis-adjusted Langevin kernel, written after the MATLAB course code."""
from functools import partial

import jax
import jax.numpy as jnp


def make_mala(log_prob, step_size):
    grad_log_prob = jax.grad(log_prob)

    def log_q(x_to, x_from):
        mean = x_from + 0.5 * step_size ** 2 * grad_log_prob(x_from)
        return -0.5 * jnp.sum((x_to - mean) ** 2) / step_size ** 2

    def kernel(x, key):
        k_noise, k_accept = jax.random.split(key)
        drift = 0.5 * step_size ** 2 * grad_log_prob(x)
        proposal = x + drift + step_size * jax.random.normal(k_noise, x.shape)
        log_alpha = (log_prob(proposal) + log_q(x, proposal)
                     - log_prob(x) - log_q(proposal, x))
        accept = jnp.log(jax.random.uniform(k_accept)) < log_alpha
        x_new = jnp.where(accept, proposal, x)
        return x_new, (x_new, accept)

    return kernel


@partial(jax.jit, static_argnums=(0, 3))
def run_chain(kernel, x0, key, n_samples):
    keys = jax.random.split(key, n_samples)
    _, (samples, accepted) = jax.lax.scan(kernel, x0, keys)
    return samples, accepted
