"""A noise-conditional score network for 2-D data and its training step."""

import functools

import jax
import jax.numpy as jnp

from schedule import NoiseSchedule


def init_score_net(key, hidden=64):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "w1": jax.random.normal(k1, (3, hidden)) / jnp.sqrt(3.0),
        "w2": jax.random.normal(k2, (hidden, hidden)) / jnp.sqrt(hidden),
        "w3": jax.random.normal(k3, (hidden, 2)) / jnp.sqrt(hidden),
    }


def score(params, x, sigma):
    inp = jnp.concatenate([x, jnp.full((x.shape[0], 1), jnp.log(sigma))], axis=1)
    h = jax.nn.silu(inp @ params["w1"])
    h = jax.nn.silu(h @ params["w2"])
    return (h @ params["w3"]) / sigma


def dsm_loss(params, x, key, schedule):
    k_level, k_noise = jax.random.split(key)
    level = jax.random.randint(k_level, (), 0, schedule.n_levels)
    sigma = schedule.sigma(level)
    noise = jax.random.normal(k_noise, x.shape)
    target = -noise / sigma
    return 0.5 * sigma**2 * jnp.mean(jnp.sum((score(params, x + sigma * noise, sigma) - target) ** 2, axis=1))


@functools.partial(jax.jit, static_argnames="schedule")
def train_step(params, x, key, schedule, lr=1e-3):
    loss, grads = jax.value_and_grad(dsm_loss)(params, x, key, schedule)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss
