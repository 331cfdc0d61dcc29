"""Trains a linear VAE with the ELBO objective."""

import jax
import jax.numpy as jnp

from objective import ELBO


def init(key, d, k):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "enc_mu": jax.random.normal(k1, (d, k)) * 0.1,
        "enc_lv": jax.random.normal(k2, (d, k)) * 0.01,
        "dec": jax.random.normal(k3, (k, d)) * 0.1,
    }


def train(steps=20, lr=0.05, beta=0.5):
    key = jax.random.key(0)
    kd, kp, key = jax.random.split(key, 3)
    x = jax.random.normal(kd, (256, 2)) @ jnp.array([[1.0, 0.5, 0.0, -1.0], [0.0, 1.0, 1.0, 0.5]])
    params = init(kp, 4, 2)
    grad_fn = jax.jit(jax.grad(ELBO(beta=beta), has_aux=True))
    for _ in range(steps):
        key, sub = jax.random.split(key)
        grads, metrics = grad_fn(params, x, sub)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    print({k: float(v) for k, v in metrics.items()})
    return metrics


def main():
    return train()


if __name__ == "__main__":
    main()
