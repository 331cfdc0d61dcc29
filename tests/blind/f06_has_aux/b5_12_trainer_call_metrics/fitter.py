"""A polynomial fitter object with a robust objective and momentum."""

from collections.abc import Callable

import jax
import jax.numpy as jnp

from objectives import robust_fit_objective


class MomentumFitter:
    def __init__(self, objective: Callable, lr: float = 0.05, beta: float = 0.9):
        self.objective = objective
        self.lr = lr
        self.beta = beta

    def __call__(self, coeffs, velocity, t, obs):
        grads = jax.grad(self.objective)(coeffs, t, obs)
        velocity = self.beta * velocity + grads
        return coeffs - self.lr * velocity, velocity


def fit(n_steps: int = 200):
    t = jnp.linspace(-1.0, 1.0, 40)
    obs = 0.5 * t**2 - t + 0.2
    obs = obs.at[::9].add(3.0)  # a few outliers
    coeffs = jnp.zeros(3)
    velocity = jnp.zeros(3)
    fitter = MomentumFitter(robust_fit_objective)
    for _ in range(n_steps):
        coeffs, velocity = fitter(coeffs, velocity, t, obs)
    return coeffs


def main():
    print("fitted coefficients:", fit())


if __name__ == "__main__":
    main()
