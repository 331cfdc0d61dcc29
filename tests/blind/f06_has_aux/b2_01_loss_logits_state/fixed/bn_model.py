"""A classifier with batch-norm running statistics carried as state."""

import jax
import jax.numpy as jnp


def forward(params, state, x, momentum=0.9):
    h = x @ params["w1"]
    mean, var = jnp.mean(h, axis=0), jnp.var(h, axis=0)
    h = jax.nn.relu((h - mean) / jnp.sqrt(var + 1e-5))
    new_state = {
        "mean": momentum * state["mean"] + (1 - momentum) * mean,
        "var": momentum * state["var"] + (1 - momentum) * var,
    }
    return h @ params["w2"], new_state


def loss_fn(params, state, x, labels):
    logits, new_state = forward(params, state, x)
    ce = -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * labels, axis=-1))
    return ce, (logits, new_state)
