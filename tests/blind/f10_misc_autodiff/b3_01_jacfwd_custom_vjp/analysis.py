"""Jacobian of the penalized residuals with respect to the line parameters."""
import jax
import jax.numpy as jnp

from robust import penalized_residuals


def residual_jacobian(theta, x, y):
    return jax.jacfwd(penalized_residuals)(theta, x, y)


def main():
    x = jnp.linspace(-1.0, 1.0, 12)
    y = 0.5 + 2.0 * x
    y = y.at[3].set(8.0)
    J = residual_jacobian(jnp.array([0.0, 1.0]), x, y)
    print("Jacobian shape", J.shape, "row norms", jnp.linalg.norm(J, axis=1))
    return J


if __name__ == "__main__":
    main()
