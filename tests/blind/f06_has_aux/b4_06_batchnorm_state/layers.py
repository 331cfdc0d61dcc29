"""A dense layer followed by batch normalization with running statistics."""

import jax
import jax.numpy as jnp


def init(key, n_in, n_out):
    return (
        {"w": jax.random.normal(key, (n_in, n_out)) * 0.3, "gamma": jnp.ones(n_out), "beta": jnp.zeros(n_out)},
        {"mean": jnp.zeros(n_out), "var": jnp.ones(n_out)},
    )


def apply(params, stats, x, momentum=0.9, eps=1e-5):
    h = x @ params["w"]
    mu, var = h.mean(0), h.var(0)
    new_stats = {"mean": momentum * stats["mean"] + (1 - momentum) * mu,
                 "var": momentum * stats["var"] + (1 - momentum) * var}
    out = params["gamma"] * (h - mu) / jnp.sqrt(var + eps) + params["beta"]
    return out, new_stats
