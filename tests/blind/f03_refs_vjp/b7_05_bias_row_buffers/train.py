"""Full-batch training that accumulates gradients into preallocated Refs."""

import jax
import jax.numpy as jnp

from buffers import allocate_grad_buffers, zero_
from net import init_params, mse

LAYERS = (2, 12, 1)


def train(steps=10, lr=0.1):
    params = init_params(jax.random.key(0), LAYERS)
    grads = allocate_grad_buffers(LAYERS)
    x = jax.random.uniform(jax.random.key(1), (64, 2), minval=-1.0, maxval=1.0)
    y = (x[:, :1] * x[:, 1:]) * 4.0
    for _ in range(steps):
        zero_(grads)
        loss, f_vjp = jax.vjp(mse, params, x, y)
        f_vjp.with_refs(grads, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
        for p_layer, g_layer in zip(params, grads):
            for name in p_layer:
                p_layer[name][...] -= lr * g_layer[name][...]
    print("loss", float(loss))
    return float(loss)


def main():
    return train()


if __name__ == "__main__":
    main()
