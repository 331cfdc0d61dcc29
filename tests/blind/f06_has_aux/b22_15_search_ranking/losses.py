"""Registry of ranking objectives; each declares whether it returns metrics."""

import jax
import jax.numpy as jnp

LOSSES = {}


def register(name, has_aux=False):
    def decorator(fn):
        fn.has_aux = has_aux
        LOSSES[name] = fn
        return fn

    return decorator


def score(params, features):
    return jnp.tanh(features @ params["w1"]) @ params["w2"]


@register("pointwise")
def pointwise_mse(params, batch, l2=0.0):
    s = score(params, batch["features"])
    return jnp.mean((s - batch["relevance"]) ** 2) + l2 * jnp.sum(params["w1"] ** 2)


@register("ranknet", has_aux=True)
def ranknet(params, batch, sigma=1.0, l2=0.0):
    s = score(params, batch["features"])
    diff = sigma * (s[:, :, None] - s[:, None, :])
    rel = batch["relevance"]
    target = (rel[:, :, None] > rel[:, None, :]).astype(jnp.float32)
    valid = (rel[:, :, None] != rel[:, None, :]).astype(jnp.float32)
    pair_loss = jax.nn.softplus(diff) - target * diff
    loss = jnp.sum(valid * pair_loss) / jnp.sum(valid) + l2 * jnp.sum(params["w1"] ** 2)
    agree = jnp.sum(valid * ((diff > 0) == (target > 0))) / jnp.sum(valid)
    return loss, {"pair_accuracy": agree}
