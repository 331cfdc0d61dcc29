"""Single-head self-attention block."""

import jax
import jax.numpy as jnp


def init_attention(key, d):
    kq, kk, kv = jax.random.split(key, 3)
    scale = 1.0 / jnp.sqrt(d)
    return {n: scale * jax.random.normal(k, (d, d)) for n, k in zip("qkv", (kq, kk, kv))}


def attention(params, x, cfg):
    t = x.shape[-2]
    if cfg.causal:
        mask = jnp.tril(jnp.ones((t, t), bool))
    else:
        mask = jnp.ones((t, t), bool)
    q, k, v = (x @ params[n] for n in "qkv")
    scores = cfg.logit_scale * q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(q.shape[-1])
    scores = jnp.where(mask, scores, -1e9)
    return jax.nn.softmax(scores, axis=-1) @ v
