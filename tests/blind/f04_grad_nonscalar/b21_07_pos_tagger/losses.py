"""Sequence-labelling losses."""
import jax
import jax.numpy as jnp


def masked_token_nll(logits, tags, mask):
    """Mean negative log-likelihood of the gold tags over the real (unpadded) tokens."""
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.take_along_axis(logp, tags[..., None], axis=-1)[..., 0]
    return jnp.sum(nll * mask, axis=0) / jnp.maximum(jnp.sum(mask, axis=0), 1.0)


def token_accuracy(logits, tags, mask):
    hit = (jnp.argmax(logits, axis=-1) == tags) * mask
    return hit.sum() / mask.sum()
