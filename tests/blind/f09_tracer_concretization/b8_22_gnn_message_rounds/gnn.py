"""A message-passing network on a small molecular graph."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GNNConfig(NamedTuple):
    hidden: int = 16
    rounds: int = 3
    residual_scale: float = 0.5


def message_passing(params, node_feats, senders, receivers, cfg: GNNConfig):
    h = node_feats @ params["embed"]
    n_nodes = node_feats.shape[0]
    for _ in range(cfg.rounds):
        messages = jax.nn.gelu(h[senders] @ params["message"])
        aggregated = jax.ops.segment_sum(messages, receivers, num_segments=n_nodes)
        h = h + cfg.residual_scale * jnp.tanh(aggregated @ params["update"])
    return jnp.sum(h @ params["readout"])


def init(key, n_in, cfg: GNNConfig):
    ks = jax.random.split(key, 4)
    d = cfg.hidden
    return {
        "embed": jax.random.normal(ks[0], (n_in, d)) / jnp.sqrt(n_in),
        "message": jax.random.normal(ks[1], (d, d)) / jnp.sqrt(d),
        "update": jax.random.normal(ks[2], (d, d)) / jnp.sqrt(d),
        "readout": jax.random.normal(ks[3], (d,)) / jnp.sqrt(d),
    }
