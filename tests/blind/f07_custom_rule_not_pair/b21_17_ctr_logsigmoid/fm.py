"""Factorisation machine for click-through-rate prediction on hashed features."""
import jax
import jax.numpy as jnp

from stable import log_sigmoid_pair


def init_fm(key, n_buckets, k):
    k1, k2 = jax.random.split(key)
    return {
        "bias": jnp.zeros(()),
        "linear": jax.random.normal(k1, (n_buckets,)) * 0.01,
        "factors": jax.random.normal(k2, (n_buckets, k)) * 0.01,
    }


def fm_logit(params, feat_ids):
    lin = params["linear"][feat_ids].sum(axis=1)
    v = params["factors"][feat_ids]                       # (B, F, k)
    inter = 0.5 * jnp.sum(v.sum(axis=1) ** 2 - (v ** 2).sum(axis=1), axis=-1)
    return params["bias"] + lin + inter


def log_loss(params, feat_ids, clicks):
    log_p, log_not_p = log_sigmoid_pair(fm_logit(params, feat_ids))
    return -jnp.mean(clicks * log_p + (1.0 - clicks) * log_not_p)
