"""Pre-LN transformer encoder blocks stacked with lax.scan."""
import jax
import jax.numpy as jnp

from remat import RematConfig, maybe_remat


def layer_norm(x, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(x.var(-1, keepdims=True) + eps)


def block(h, p):
    x = layer_norm(h)
    q, k, v = x @ p["wq"], x @ p["wk"], x @ p["wv"]
    att = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(q.shape[-1]), axis=-1)
    h = h + (att @ v) @ p["wo"]
    h = h + jax.nn.gelu(layer_norm(h) @ p["w1"]) @ p["w2"]
    return h


def init_stack(key, n_layers, d, d_ff):
    names = {"wq": (d, d), "wk": (d, d), "wv": (d, d), "wo": (d, d), "w1": (d, d_ff), "w2": (d_ff, d)}
    keys = jax.random.split(key, len(names))
    return {n: jax.random.normal(k, (n_layers,) + s) / jnp.sqrt(s[0]) for k, (n, s) in zip(keys, names.items())}


def encoder(stack, h, remat_cfg=RematConfig()):
    step = maybe_remat(block, remat_cfg)
    h, _ = jax.lax.scan(lambda h, p: (step(h, p), None), h, stack)
    return h
