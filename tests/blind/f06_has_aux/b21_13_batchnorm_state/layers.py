"""Dense layers with batch normalisation whose running statistics are threaded explicitly."""
import jax
import jax.numpy as jnp


def batchnorm(x, gamma, beta, stats, train, momentum=0.9, eps=1e-5):
    if train:
        mean, var = x.mean(axis=0), x.var(axis=0)
        new_stats = {
            "mean": momentum * stats["mean"] + (1 - momentum) * mean,
            "var": momentum * stats["var"] + (1 - momentum) * var,
        }
    else:
        mean, var, new_stats = stats["mean"], stats["var"], stats
    y = (x - mean) / jnp.sqrt(var + eps)
    return gamma * y + beta, new_stats


def init_mlp(key, sizes):
    params, stats = [], []
    for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append({"w": jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m),
                       "gamma": jnp.ones(n), "beta": jnp.zeros(n)})
        stats.append({"mean": jnp.zeros(n), "var": jnp.ones(n)})
    return params, stats


def mlp_forward(params, stats, x, train):
    new_stats = []
    for i, (p, s) in enumerate(zip(params, stats)):
        x, s = batchnorm(x @ p["w"], p["gamma"], p["beta"], s, train)
        new_stats.append(s)
        if i < len(params) - 1:
            x = jax.nn.relu(x)
    return x, new_stats
