"""A pre-norm decoder block whose activations carry checkpoint names."""
import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name


def init_block(key, cfg):
    ks = jax.random.split(key, 4)
    s = cfg.d_model**-0.5
    return {
        "wqkv": s * jax.random.normal(ks[0], (cfg.d_model, 3 * cfg.d_model)),
        "wo": s * jax.random.normal(ks[1], (cfg.d_model, cfg.d_model)),
        "w1": s * jax.random.normal(ks[2], (cfg.d_model, cfg.d_ff)),
        "w2": cfg.d_ff**-0.5 * jax.random.normal(ks[3], (cfg.d_ff, cfg.d_model)),
    }


def rms_norm(x):
    return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6)


def block(params, x):
    q, k, v = jnp.split(rms_norm(x) @ params["wqkv"], 3, axis=-1)
    scores = checkpoint_name(q @ k.T / jnp.sqrt(q.shape[-1]), "attn_scores")
    mask = jnp.tril(jnp.ones(scores.shape, bool))
    attn = jax.nn.softmax(jnp.where(mask, scores, -1e9), axis=-1) @ v
    x = x + checkpoint_name(attn @ params["wo"], "attn_out")
    hidden = checkpoint_name(jax.nn.gelu(rms_norm(x) @ params["w1"]), "ffn_hidden")
    return x + hidden @ params["w2"]
