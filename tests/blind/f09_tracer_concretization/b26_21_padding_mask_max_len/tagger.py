"""A convolutional part-of-speech tagger over padded token sequences."""
import jax
import jax.numpy as jnp

from masking import masked_mean, padding_mask


def init(key, vocab, dim, n_tags, width=3):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"embed": jax.random.normal(k1, (vocab, dim)) * 0.1,
            "conv": jax.random.normal(k2, (width, dim, dim)) / jnp.sqrt(width * dim),
            "out": jax.random.normal(k3, (dim, n_tags)) / jnp.sqrt(dim)}


def tag_logits(params, tokens):
    x = params["embed"][tokens]
    h = jax.lax.conv_general_dilated(x, params["conv"], (1,), "SAME",
                                     dimension_numbers=("NWC", "WIO", "NWC"))
    return jax.nn.relu(h) @ params["out"]


def tagging_loss(params, tokens, tags, lengths):
    logp = jax.nn.log_softmax(tag_logits(params, tokens))
    nll = -jnp.take_along_axis(logp, tags[..., None], axis=-1)[..., 0]
    return masked_mean(nll, padding_mask(lengths))
