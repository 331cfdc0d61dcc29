"""A deep stack of checkpointed residual blocks trained on a toy target."""
import jax
import jax.numpy as jnp

from blocks import init_block, residual_block


def apply(stack, x):
    for params in stack:
        x = residual_block(params, x, "gelu")
    return x.sum(axis=-1)


def loss(stack, x, y):
    return jnp.mean((apply(stack, x) - y) ** 2)


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), 4)
    stack = [init_block(k, 8, 16) for k in keys]
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 8))
    y = jnp.cos(x[:, 0])
    grads = jax.jit(jax.grad(loss))(stack, x, y)
    norm = float(jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))))
    print("gradient norm", norm)
    return norm


if __name__ == "__main__":
    main()
