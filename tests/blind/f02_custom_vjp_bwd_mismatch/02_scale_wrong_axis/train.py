import jax
import jax.numpy as jnp

from model import Block


def main():
    block = Block(6)
    params = block.init()
    x = jnp.arange(24.0).reshape(4, 6) / 10.0
    target = jnp.ones((4, 6))

    def loss(p):
        return jnp.sum((block.apply(p, x) - target) ** 2)

    grads = jax.grad(loss)(params)
    print({k: v.shape for k, v in grads.items()})
    return grads


if __name__ == "__main__":
    main()
