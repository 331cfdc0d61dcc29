"""A tiny mixture-of-experts classifier; apply() returns logits and the balancing loss."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ModelOutput(NamedTuple):
    logits: jax.Array
    aux_loss: jax.Array


def init(key, d_in=6, n_experts=3, n_classes=4):
    k1, k2 = jax.random.split(key)
    return {"gate": jax.random.normal(k1, (d_in, n_experts)) * 0.3,
            "experts": jax.random.normal(k2, (n_experts, d_in, n_classes)) * 0.3}


def apply(params, x):
    gates = jax.nn.softmax(x @ params["gate"], axis=-1)
    expert_logits = jnp.einsum("bd,edc->bec", x, params["experts"])
    logits = jnp.einsum("be,bec->bc", gates, expert_logits)
    load = gates.mean(axis=0)
    return ModelOutput(logits, gates.shape[-1] * jnp.sum(load**2))
