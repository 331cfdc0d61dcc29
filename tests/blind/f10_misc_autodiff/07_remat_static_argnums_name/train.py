import jax
import jax.numpy as jnp

from blocks import checkpointed_block


def loss(params, x):
    return jnp.mean(checkpointed_block(params, x, 3) ** 2)


def main():
    keys = jax.random.split(jax.random.key(0), 3)
    params = [0.1 * jax.random.normal(k, (4, 4)) for k in keys]
    x = jnp.ones((2, 4))
    grads = jax.grad(loss)(params, x)
    print([g.shape for g in grads])
    return grads


if __name__ == "__main__":
    main()
