"""Multiple-instance learning: a bag is positive if any of its instances is."""
import jax
import jax.numpy as jnp

from numerics import safe_logsumexp


def init(key, d, hidden=16):
    k1, k2 = jax.random.split(key)
    return {"w": jax.random.normal(k1, (d, hidden)) / jnp.sqrt(d), "b": jnp.zeros(hidden),
            "v": jax.random.normal(k2, (hidden,)) / jnp.sqrt(hidden), "c": jnp.zeros(())}


def instance_scores(params, bags):
    h = jnp.tanh(bags @ params["w"] + params["b"])
    return h @ params["v"] + params["c"]


def bag_logits(params, bags, mask):
    scores = jnp.where(mask, instance_scores(params, bags), -jnp.inf)
    return safe_logsumexp(scores) - jnp.log(jnp.maximum(mask.sum(-1), 1))


def bag_loss(params, bags, mask, labels):
    logits = bag_logits(params, bags, mask)
    return jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits)
