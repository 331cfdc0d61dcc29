"""Regress the block onto a fixed random target."""
import jax
import jax.numpy as jnp

from block import FeedForward


def loss(params, x, target):
    return jnp.mean((FeedForward.apply(params, x) - target) ** 2)


@jax.jit
def step(params, x, target):
    value, grads = jax.value_and_grad(loss)(params, x, target)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads), value


def main():
    block = FeedForward(8, 32, jax.random.PRNGKey(0))
    x = jax.random.normal(jax.random.PRNGKey(1), (16, 8))
    target = jnp.roll(x, 1, axis=-1)
    params = block.params
    for _ in range(25):
        params, value = step(params, x, target)
    print("loss", float(value))
    return float(value)


if __name__ == "__main__":
    main()
