"""Training step of a per-pixel spectral classifier."""
import functools

import jax
import jax.numpy as jnp

from landcover.losses import cross_entropy


def init_params(key, n_bands, num_classes, hidden=32):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_bands, hidden)) / jnp.sqrt(n_bands),
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, num_classes)) / jnp.sqrt(hidden),
        "b2": jnp.zeros(num_classes),
    }


def logits_fn(params, pixels):
    h = jax.nn.relu(pixels @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


@functools.partial(jax.jit, static_argnames=("learning_rate",))
def train_step(params, pixels, labels, num_classes, learning_rate=0.1):
    loss_fn = lambda p: cross_entropy(logits_fn(p, pixels), labels, num_classes)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - learning_rate * g, params, grads), loss
