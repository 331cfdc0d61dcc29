"""A message-passing network predicting a molecular property from a bond graph."""

import jax
import jax.numpy as jnp


def init(key, n_atom_types, hidden):
    ke, km, ku, kr = jax.random.split(key, 4)
    s = 1.0 / jnp.sqrt(hidden)
    return {
        "embed": jax.random.normal(ke, (n_atom_types, hidden)) * s,
        "message": jax.random.normal(km, (hidden, hidden)) * s,
        "update": jax.random.normal(ku, (hidden, hidden)) * s,
        "readout": jax.random.normal(kr, (hidden,)) * s,
    }


def predict(params, atoms, adjacency, cfg):
    h = params["embed"][atoms]
    for _ in range(cfg.n_rounds):
        messages = cfg.message_scale * adjacency @ jnp.tanh(h @ params["message"])
        h = jnp.tanh(h @ params["update"] + messages)
    return jnp.sum(h @ params["readout"])
