from functools import partial

import jax
import jax.numpy as jnp

from qlora.layers import forward


def mse(adapter, frozen, x, y, cfg):
    return jnp.mean((forward(adapter, frozen, x, cfg) - y) ** 2)


@partial(jax.jit, static_argnames=("cfg", "lr"))
def sgd_step(adapter, frozen, x, y, cfg, lr=0.05):
    loss, grads = jax.value_and_grad(mse)(adapter, frozen, x, y, cfg)
    return jax.tree.map(lambda p, g: p - lr * g, adapter, grads), loss
