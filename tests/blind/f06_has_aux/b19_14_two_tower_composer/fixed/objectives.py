"""Loss terms for two-tower retrieval and a composer that weights them."""

import jax
import jax.numpy as jnp

LOSS_TERMS = {}


def term(name):
    def deco(fn):
        LOSS_TERMS[name] = fn
        return fn
    return deco


def towers(params, batch):
    q = jnp.tanh(batch["query"] @ params["query_tower"])
    c = jnp.tanh(batch["item"] @ params["item_tower"])
    q = q / jnp.linalg.norm(q, axis=-1, keepdims=True)
    c = c / jnp.linalg.norm(c, axis=-1, keepdims=True)
    return q, c


@term("in_batch_softmax")
def in_batch_softmax(params, batch, temperature=0.1):
    q, c = towers(params, batch)
    logits = q @ c.T / temperature
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=-1)))


@term("embedding_l2")
def embedding_l2(params, batch):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


def compose(terms):
    """Build loss(params, batch) -> (total, per-term logs) from (name, weight) pairs."""
    if len(terms) == 1:
        name, weight = terms[0]
        fn = LOSS_TERMS[name]
        return lambda params, batch: (weight * fn(params, batch), {})

    def total_loss(params, batch):
        logs = {name: LOSS_TERMS[name](params, batch) for name, _ in terms}
        total = sum(weight * logs[name] for name, weight in terms)
        return total, logs

    return total_loss
