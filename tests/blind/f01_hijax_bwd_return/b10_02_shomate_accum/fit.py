"""Least-squares fit of Shomate coefficients by gradient descent."""
import jax
import jax.numpy as jnp

from data import measurements
from thermo.prims import shomate_cp


def residual_loss(coeffs, temps, cp):
    return 0.5 * jnp.mean((shomate_cp(coeffs, temps) - cp) ** 2)


def fit(steps=20, lr=0.05):
    temps, cp = measurements()
    coeffs = jnp.array([25.0, 5.0, 5.0, 0.0, 0.0])
    for _ in range(steps):
        loss, g = jax.value_and_grad(residual_loss)(coeffs, temps, cp)
        coeffs = coeffs - lr * g
    return coeffs, loss


def main():
    coeffs, loss = fit()
    print("coefficients", coeffs, "loss", float(loss))


if __name__ == "__main__":
    main()
