"""Training service: a regression head whose backward events feed the dashboard."""
import jax
import jax.numpy as jnp

from events import BUS
from prims import scaled_softplus

SEEN = []
BUS.subscribe(lambda ev: SEEN.append(ev.op))


def predict(params, x):
    return scaled_softplus(x @ params["w1"]) @ params["w2"]


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


def fit(steps=25, lr=0.1):
    k1, k2, k3 = jax.random.split(jax.random.key(3), 3)
    x = jax.random.normal(k1, (48, 3))
    y = jnp.abs(x[:, :1]) + 0.1
    params = {"w1": 0.5 * jax.random.normal(k2, (3, 8)), "w2": 0.5 * jax.random.normal(k3, (8, 1))}
    grad_fn = jax.jit(jax.grad(loss))
    for _ in range(steps):
        grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return float(loss(params, x, y))


def main():
    print(f"final loss {fit():.4f}, events {len(SEEN)}")


if __name__ == "__main__":
    main()
