"""An int8-quantised frozen linear layer with a trainable low-rank adapter."""
import jax
import jax.numpy as jnp


def quantise(w, cfg):
    return jnp.clip(jnp.round(w / cfg.scale), -127, 127).astype(cfg.dtype)


def init_frozen(key, cfg):
    w = 0.1 * jax.random.normal(key, (cfg.d_in, cfg.d_out))
    return quantise(w, cfg)


def init_adapter(key, cfg):
    a = 0.01 * jax.random.normal(key, (cfg.d_in, cfg.rank))
    b = jnp.zeros((cfg.rank, cfg.d_out), cfg.dtype)
    return {"a": a, "b": b}


def forward(adapter, frozen, x, cfg):
    base = x @ (frozen.astype(jnp.float32) * cfg.scale)
    return base + (cfg.alpha / cfg.rank) * (x @ adapter["a"]) @ adapter["b"]
