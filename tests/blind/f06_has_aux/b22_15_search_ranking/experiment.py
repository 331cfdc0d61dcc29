"""Build an experiment from a settings dict."""

import functools

import jax
import jax.numpy as jnp

from losses import LOSSES

SETTINGS = {"loss": "ranknet", "loss_kwargs": {"sigma": 2.0, "l2": 1e-4}, "lr": 0.05, "steps": 40}


def build_objective(settings):
    fn = LOSSES[settings["loss"]]
    return functools.partial(fn, **settings["loss_kwargs"])


def init_params(key, n_features=10, n_hidden=16):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_features, n_hidden)) / jnp.sqrt(n_features),
        "w2": jax.random.normal(k2, (n_hidden,)) / jnp.sqrt(n_hidden),
    }


def make_queries(key, n_queries=32, n_docs=8, n_features=10):
    k1, k2 = jax.random.split(key)
    features = jax.random.normal(k1, (n_queries, n_docs, n_features))
    true_w = jax.random.normal(k2, (n_features,))
    relevance = jnp.digitize(features @ true_w, jnp.array([-1.0, 0.0, 1.0])).astype(jnp.float32)
    return {"features": features, "relevance": relevance}
