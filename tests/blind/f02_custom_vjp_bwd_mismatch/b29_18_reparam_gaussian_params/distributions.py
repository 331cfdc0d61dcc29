"""Diagonal Gaussians for variational inference, with a hand-written reparameterisation gradient."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GaussianParams(NamedTuple):
    mu: jax.Array
    log_sigma: jax.Array


def reparam_grads(g, eps, log_sigma):
    """Pathwise gradients of z = mu + exp(log_sigma) * eps w.r.t. (mu, log_sigma)."""
    per_draw = lambda a: a.reshape(-1, a.shape[-1]).sum(axis=0)
    return GaussianParams(mu=per_draw(g), log_sigma=per_draw(g * eps) * jnp.exp(log_sigma))


@jax.custom_vjp
def reparam_sample(params, eps):
    mu, log_sigma = params
    return mu + jnp.exp(log_sigma) * eps


def _sample_fwd(params, eps):
    return reparam_sample(params, eps), (params[1], eps)


def _sample_bwd(res, g):
    log_sigma, eps = res
    return reparam_grads(g, eps, log_sigma), None


reparam_sample.defvjp(_sample_fwd, _sample_bwd)


def entropy(params):
    return jnp.sum(params.log_sigma) + 0.5 * params.mu.shape[-1] * (1.0 + jnp.log(2 * jnp.pi))
