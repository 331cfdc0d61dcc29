import jax
import jax.numpy as jnp

from attention import attend


def loss(q, k, v, target):
    return jnp.mean((attend(q, k, v) - target) ** 2)


def main():
    kq, kk, kv = jax.random.split(jax.random.key(0), 3)
    q = jax.random.normal(kq, (4, 8))
    k = jax.random.normal(kk, (5, 8))
    v = jax.random.normal(kv, (5, 3))
    gq = jax.grad(loss)(q, k, v, jnp.zeros((4, 3)))
    print(gq.shape)
    return gq


if __name__ == "__main__":
    main()
