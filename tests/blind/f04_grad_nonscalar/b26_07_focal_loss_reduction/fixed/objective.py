"""Multi-label tagging head and its training objective."""
import jax
import jax.numpy as jnp

from losses import sigmoid_focal_loss


def init_head(key, d_in, n_labels):
    k1, k2 = jax.random.split(key)
    return {
        "hidden": {"w": jax.random.normal(k1, (d_in, 64)) / jnp.sqrt(d_in), "b": jnp.zeros(64)},
        "out": {"w": jax.random.normal(k2, (64, n_labels)) / 8.0, "b": jnp.full(n_labels, -2.0)},
    }


def apply_head(params, x):
    h = jax.nn.silu(x @ params["hidden"]["w"] + params["hidden"]["b"])
    return h @ params["out"]["w"] + params["out"]["b"]


def objective(params, batch):
    logits = apply_head(params, batch["x"])
    loss = sigmoid_focal_loss(logits, batch["labels"], alpha=0.25, gamma=2.0, reduction="mean")
    preds = logits > 0
    metrics = {
        "precision": jnp.sum(preds * batch["labels"]) / jnp.maximum(preds.sum(), 1),
        "recall": jnp.sum(preds * batch["labels"]) / jnp.maximum(batch["labels"].sum(), 1),
    }
    return loss, metrics
