"""InfoNCE loss between two views of a batch."""
import jax
import jax.numpy as jnp

from contrastive.decorators import with_metrics


@with_metrics
def info_nce(params, view_a, view_b, temperature=0.1):
    za = view_a @ params["proj"]
    zb = view_b @ params["proj"]
    za = za / jnp.linalg.norm(za, axis=1, keepdims=True)
    zb = zb / jnp.linalg.norm(zb, axis=1, keepdims=True)
    logits = za @ zb.T / temperature
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=1)))
