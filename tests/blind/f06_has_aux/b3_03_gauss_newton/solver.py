"""Gauss-Newton least squares with the Jacobian from reverse mode."""
import jax
import jax.numpy as jnp

from residuals import make_residual_fn


def gauss_newton(residual, theta, iters=20, damping=1e-6):
    jac_and_res = jax.jacrev(residual, has_aux=True)
    for _ in range(iters):
        J, r = jac_and_res(theta)
        JtJ = J.T @ J + damping * jnp.eye(theta.shape[0])
        theta = theta - jnp.linalg.solve(JtJ, J.T @ r)
    return theta


def main():
    t = jnp.linspace(0.0, 5.0, 40)
    y = 3.0 * jnp.exp(-0.7 * t) + 0.5
    theta = gauss_newton(make_residual_fn(t, y), jnp.array([1.0, 0.3, 0.0]))
    print("fitted amplitude, rate, baseline:", theta)
    return theta


if __name__ == "__main__":
    main()
