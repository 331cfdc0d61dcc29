"""Softmax regression with a class-balanced cross-entropy, trained under jit."""

from functools import partial

import jax
import jax.numpy as jnp

from weighting import class_weights

N_CLASSES = 3


def balanced_xent(params, x, labels):
    logits = x @ params["w"] + params["b"]
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, labels[:, None], axis=1)[:, 0]
    w = class_weights(labels, N_CLASSES)[labels]
    return jnp.sum(w * nll) / jnp.sum(w)


@partial(jax.jit, donate_argnums=0)
def step(params, x, labels, lr=0.5):
    grads = jax.grad(balanced_xent)(params, x, labels)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def main(steps=20):
    x = jax.random.normal(jax.random.PRNGKey(0), (90, 4))
    labels = jnp.clip(jnp.round(x[:, 0] + 1.2).astype(jnp.int32), 0, N_CLASSES - 1)
    params = {"w": jnp.zeros((4, N_CLASSES)), "b": jnp.zeros(N_CLASSES)}
    for _ in range(steps):
        params = step(params, x, labels)
    print("loss", float(balanced_xent(params, x, labels)))
    return params


if __name__ == "__main__":
    main()
