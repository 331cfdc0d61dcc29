"""Train the tied residual network at increasing depth (a curriculum)."""
import functools

import jax
import jax.numpy as jnp

import resnet


def loss(params, x, y, depth):
    return jnp.mean((resnet.forward(params, x, depth) - y) ** 2)


@functools.partial(jax.jit, static_argnames="depth")
def train_step(params, x, y, depth):
    grads = jax.grad(loss)(params, x, y, depth)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (64, 4))
    y = jnp.sin(x).sum(axis=1)
    params = resnet.init(jax.random.PRNGKey(1), 4)
    for depth in (1, 2, 3):
        for _ in range(10):
            params = train_step(params, x, y, depth)
    final = float(loss(params, x, y, 3))
    print("final loss", final)
    return final


if __name__ == "__main__":
    main()
