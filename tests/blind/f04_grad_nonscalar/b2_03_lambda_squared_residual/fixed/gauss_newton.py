"""Plain gradient descent with backtracking on a growth-curve fit."""

import jax
import jax.numpy as jnp

from curves import logistic, residual


def descend(theta, t, observed, iters=15, lr=0.01):
    for _ in range(iters):
        g = jax.grad(lambda th: jnp.sum(residual(th, t, observed) ** 2))(theta)
        while True:
            trial = theta - lr * g
            if jnp.sum(residual(trial, t, observed) ** 2) <= jnp.sum(residual(theta, t, observed) ** 2):
                break
            lr *= 0.5
        theta = trial
    return theta


def main(iters=15):
    t = jnp.linspace(0.0, 10.0, 25)
    observed = logistic(jnp.array([5.0, 1.2, 4.0]), t)
    theta = descend(jnp.array([4.0, 1.0, 5.0]), t, observed, iters)
    print("theta", theta)
    return theta


if __name__ == "__main__":
    main()
