import jax
import jax.numpy as jnp

from schedule import learning_rate


def loss(w):
    return jnp.sum((w - jnp.array([1.0, -2.0])) ** 2)


@jax.jit
def update(w, step):
    lr = learning_rate(step)
    return w - lr * jax.grad(loss)(w), step + 1


def main(n=25):
    w, step = jnp.zeros(2), jnp.array(0)
    for _ in range(n):
        w, step = update(w, step)
    print(w)
    return w


if __name__ == "__main__":
    main()
