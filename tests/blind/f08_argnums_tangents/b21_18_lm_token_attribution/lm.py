"""A causal convolutional language model over token embeddings."""
import jax
import jax.numpy as jnp


def init_lm(key, vocab, dim, width=3):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "embed": jax.random.normal(k1, (vocab, dim)) * 0.1,
        "conv": jax.random.normal(k2, (width, dim, dim)) * 0.2,
        "unembed": jax.random.normal(k3, (dim, vocab)) * 0.1,
    }


def embed(params, ids):
    return params["embed"][ids]


def apply_embeds(params, x):
    """(B, T, D) embeddings -> (B, T, V) next-token logits, causal."""
    width = params["conv"].shape[0]
    xp = jnp.pad(x, ((0, 0), (width - 1, 0), (0, 0)))
    T = x.shape[1]
    h = sum(xp[:, k:k + T] @ params["conv"][k] for k in range(width))
    return jax.nn.gelu(h) @ params["unembed"]
