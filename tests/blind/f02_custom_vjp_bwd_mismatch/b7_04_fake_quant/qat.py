"""Quantization-aware fine-tuning of a two-layer classifier."""

import jax
import jax.numpy as jnp

from layers import QuantDense

HIDDEN = QuantDense(6, 16)
HEAD = QuantDense(16, 3)


def logits(params, x):
    h = jax.nn.gelu(HIDDEN(params["hidden"], x))
    return HEAD(params["head"], h)


def cross_entropy(params, x, labels):
    logp = jax.nn.log_softmax(logits(params, x))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


@jax.jit
def sgd_step(params, x, labels, lr=0.05):
    loss, grads = jax.value_and_grad(cross_entropy)(params, x, labels)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main(steps=10):
    k1, k2, k3 = jax.random.split(jax.random.key(42), 3)
    params = {"hidden": HIDDEN.init(k1), "head": HEAD.init(k2)}
    x = jax.random.normal(k3, (96, 6))
    labels = jnp.argmax(x[:, :3], axis=1)
    for _ in range(steps):
        params, loss = sgd_step(params, x, labels)
    print("loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
