"""Fit eccentricity and semi-major axis to observed positions."""

import jax
import jax.numpy as jnp

from orbit import positions


def misfit(theta, times, observed):
    ecc, semi_major = theta
    return jnp.mean((positions(ecc, semi_major, times) - observed) ** 2)


def fit(n_steps: int = 80, lr: float = 0.1):
    times = jnp.linspace(0.0, 10.0, 25)
    observed = positions(jnp.array(0.3), jnp.array(2.0), times)
    theta = jnp.array([0.1, 1.5])
    history = []
    for _ in range(n_steps):
        value, g = jax.value_and_grad(misfit)(theta, times, observed)
        theta = theta - lr * g
        history.append(float(value))
    return theta, history


def main():
    theta, history = fit()
    print(f"misfit {history[0]:.5f} -> {history[-1]:.5f}, theta={theta}")


if __name__ == "__main__":
    main()
