"""A two-layer transaction scorer that reports its hidden activations."""
import jax
import jax.numpy as jnp

from fraud.monitor import DriftMonitor

N_FEATURES, N_HIDDEN = 12, 16
monitor = DriftMonitor({"features": N_FEATURES, "hidden": N_HIDDEN})


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (N_FEATURES, N_HIDDEN)) / jnp.sqrt(N_FEATURES),
        "b1": jnp.zeros(N_HIDDEN),
        "w2": jax.random.normal(k2, (N_HIDDEN,)) / jnp.sqrt(N_HIDDEN),
    }


def score(params, x):
    monitor.observe("features", x)
    h = jax.nn.gelu(x @ params["w1"] + params["b1"])
    h = monitor.observe("hidden", h)
    return h @ params["w2"]


def bce(params, x, y):
    logits = score(params, x)
    return jnp.mean(jax.nn.softplus(logits) - y * logits)
