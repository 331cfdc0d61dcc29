import functools

import jax
import jax.numpy as jnp

from regression import loss


def main(iters=20):
    x = jnp.linspace(0.0, 2.0, 40)
    y = 1.0 + 3.0 * x + jnp.where(x > 1.8, 10.0, 0.0)  # a few outliers
    grad_fn = jax.jit(jax.grad(functools.partial(loss, x=x, y=y)))
    theta = jnp.zeros(2)
    for _ in range(iters):
        theta = theta - 0.5 * grad_fn(theta)
    print("theta", theta)
    return theta


if __name__ == "__main__":
    main()
