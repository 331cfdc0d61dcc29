"""Loss functions in the functional style: elementwise unless a reduction is asked for."""

import jax
import jax.numpy as jnp


def _reduce(values, reduction):
    if reduction == "mean":
        return jnp.mean(values)
    if reduction == "sum":
        return jnp.sum(values)
    return values


def binary_cross_entropy_with_logits(logits, targets, reduction="none"):
    values = jax.nn.softplus(logits) - targets * logits
    return _reduce(values, reduction)


def l2_penalty(params, reduction="sum"):
    return _reduce(jnp.stack([jnp.sum(p**2) for p in jax.tree.leaves(params)]), reduction)


def make_objective(model_fn, weight_decay):
    def objective(params, x, y):
        logits = model_fn(params, x)
        data = binary_cross_entropy_with_logits(logits, y, reduction="mean")
        return data + weight_decay * l2_penalty(params)

    return objective
