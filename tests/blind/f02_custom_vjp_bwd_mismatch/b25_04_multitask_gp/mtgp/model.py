"""Independent GPs for several related tasks, fitted jointly."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from mtgp.linalg import total_logdet


@jax.tree_util.register_dataclass
@dataclass
class GPHyper:
    log_lengthscale: jax.Array  # (n_tasks,)
    log_amplitude: jax.Array    # (n_tasks,)
    log_noise: jax.Array        # (n_tasks,)

    @classmethod
    def init(cls, n_tasks: int) -> "GPHyper":
        z = jnp.zeros((n_tasks,))
        return cls(z, z, z - 2.0)


def rbf_gram(hyper: GPHyper, x):
    """x: (n_tasks, n, 1) inputs -> (n_tasks, n, n) noisy Gram matrices."""
    d2 = (x - jnp.swapaxes(x, -1, -2)) ** 2
    ell = jnp.exp(hyper.log_lengthscale)[:, None, None]
    amp = jnp.exp(hyper.log_amplitude)[:, None, None]
    noise = jnp.exp(hyper.log_noise)[:, None, None]
    return amp * jnp.exp(-0.5 * d2 / ell**2) + noise * jnp.eye(x.shape[1])


def batch_nll(hyper: GPHyper, x, y):
    k = rbf_gram(hyper, x)
    alpha = jnp.linalg.solve(k, y[..., None])[..., 0]
    fit = 0.5 * jnp.sum(y * alpha, axis=-1)
    return jnp.sum(fit) + 0.5 * total_logdet(k)
