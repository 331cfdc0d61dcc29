import jax
import jax.numpy as jnp

from callbacks import with_metrics


def init(key, d):
    return {"w": jax.random.normal(key, (d,)) * 0.1, "b": jnp.zeros(())}


@with_metrics("accuracy", "mean_pred")
def churn_loss(params, batch):
    logits = batch["x"] @ params["w"] + params["b"]
    loss = jnp.mean(jax.nn.softplus(logits) - batch["y"] * logits)
    return loss, jax.nn.sigmoid(logits)
