"""Fit the sparse MLP to a random regression target."""
import jax
import jax.numpy as jnp

from sparsenet import SparseMLP, init_mlp

MODEL = SparseMLP(sizes=(8, 8))


def mse(params, x, y):
    return jnp.mean((MODEL.apply(params, x) - y) ** 2)


def fit(steps=3, lr=0.1):
    kx, ky, kp = jax.random.split(jax.random.key(0), 3)
    x = jax.random.normal(kx, (16, 8))
    y = jax.random.normal(ky, (16, 8))
    params = init_mlp(MODEL, kp)
    for _ in range(steps):
        grads = jax.grad(mse)(params, x, y)
        params = [p - lr * g for p, g in zip(params, grads)]
    return mse(params, x, y)


def main():
    print("final loss", float(fit()))


if __name__ == "__main__":
    main()
