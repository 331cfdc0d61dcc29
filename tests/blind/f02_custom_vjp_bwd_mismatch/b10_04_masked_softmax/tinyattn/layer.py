"""Attention layer parameters and application."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp

from tinyattn.ops import masked_softmax


@dataclass
class AttentionConfig:
    d_model: int = 16
    d_head: int = 8
    causal_mask: jnp.ndarray | None = field(default=None)


def init_attention(cfg, key):
    kq, kk, kv, ko = jax.random.split(key, 4)
    s = 1.0 / jnp.sqrt(cfg.d_model)
    return {
        "q": s * jax.random.normal(kq, (cfg.d_model, cfg.d_head)),
        "k": s * jax.random.normal(kk, (cfg.d_model, cfg.d_head)),
        "v": s * jax.random.normal(kv, (cfg.d_model, cfg.d_head)),
        "o": s * jax.random.normal(ko, (cfg.d_head, cfg.d_model)),
    }


def attend(params, x, cfg):
    q, k, v = x @ params["q"], x @ params["k"], x @ params["v"]
    scores = q @ k.swapaxes(-1, -2) / jnp.sqrt(cfg.d_head)
    weights = masked_softmax(scores, cfg.causal_mask)
    return (weights @ v) @ params["o"]
