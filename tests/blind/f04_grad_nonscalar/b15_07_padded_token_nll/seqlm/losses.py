"""Token-level losses for the bigram language model."""
import jax
import jax.numpy as jnp

from seqlm.ops import masked_mean


def token_nll(logits, targets, mask):
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
    return masked_mean(nll, mask)
