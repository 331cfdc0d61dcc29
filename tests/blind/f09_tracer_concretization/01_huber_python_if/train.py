import jax
import jax.numpy as jnp

from losses import total_huber


@jax.jit
def step(w, x, y):
    loss_fn = lambda w_: total_huber(x @ w_, y)
    return w - 0.05 * jax.grad(loss_fn)(w)


def main():
    x = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = jnp.array([3.0, -1.0, 0.5])
    w = jnp.zeros(2)
    for _ in range(10):
        w = step(w, x, y)
    print(w)
    return w


if __name__ == "__main__":
    main()
