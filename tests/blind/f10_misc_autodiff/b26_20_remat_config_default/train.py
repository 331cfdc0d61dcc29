"""Sequence regression with a small remat'ed transformer encoder."""
import jax
import jax.numpy as jnp

from blocks import encoder, init_stack


def init(key, d=16):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"embed": jax.random.normal(k1, (3, d)) * 0.5,
            "stack": init_stack(k2, 2, d, 32),
            "head": jax.random.normal(k3, (d,)) / jnp.sqrt(d)}


def loss_fn(params, x, y):
    h = encoder(params["stack"], x @ params["embed"])
    return jnp.mean((h.mean(axis=1) @ params["head"] - y) ** 2)


@jax.jit
def train_step(params, x, y, lr=0.02):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def run(steps=15):
    x = jax.random.normal(jax.random.key(0), (16, 8, 3))
    y = jnp.sum(x[:, :, 0] * x[:, :, 1], axis=1) / 8
    params = init(jax.random.key(1))
    loss = None
    for _ in range(steps):
        params, loss = train_step(params, x, y)
    return float(loss)


def main():
    print("mse", run())


if __name__ == "__main__":
    main()
