from functools import partial

import jax
import jax.numpy as jnp

from svm import hinge


def main(epochs=30):
    x = jnp.array([[2.0, 1.0], [1.5, 2.0], [-1.0, -1.5], [-2.0, -0.5]])
    y = jnp.array([1.0, 1.0, -1.0, -1.0])
    objective = partial(hinge, x=x, y=y, c=0.5)
    w = jnp.zeros(3)
    for _ in range(epochs):
        w = w - 0.1 * jax.grad(objective)(w)
    acc = jnp.mean(jnp.sign(x @ w[:-1] + w[-1]) == y)
    print("accuracy", acc)
    return float(acc)


if __name__ == "__main__":
    main()
