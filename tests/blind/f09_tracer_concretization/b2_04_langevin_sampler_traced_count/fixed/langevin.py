"""Unadjusted Langevin sampling from a 2-D double-well density."""

from functools import partial

import jax
import jax.numpy as jnp


def log_density(x):
    return -((x[..., 0] ** 2 - 1.0) ** 2) - 0.5 * x[..., 1] ** 2


score = jax.vmap(jax.grad(log_density))


@partial(jax.jit, static_argnums=1)
def sample_chain(key, n_samples, step_size):
    steps = jnp.arange(n_samples)
    keys = jax.random.split(key, n_samples)

    def body(x, inputs):
        k, _ = inputs
        noise = jax.random.normal(k, x.shape)
        x = x + step_size * score(x[None])[0] + jnp.sqrt(2.0 * step_size) * noise
        return x, x

    _, xs = jax.lax.scan(body, jnp.zeros(2), (keys, steps))
    return xs
