"""Projected-gradient allocation on the simplex."""
import jax
import jax.numpy as jnp

from risk import mean_variance


def project_simplex(v):
    u = jnp.sort(v)[::-1]
    css = jnp.cumsum(u)
    k = jnp.arange(1, v.size + 1)
    rho = jnp.sum(u - (css - 1.0) / k > 0)
    theta = (css[rho - 1] - 1.0) / rho
    return jnp.maximum(v - theta, 0.0)


def allocate(mu, cov, steps=50, lr=0.1):
    objective_grad = jax.grad(mean_variance)
    w = jnp.full(mu.shape, 1.0 / mu.size)
    for _ in range(steps):
        w = project_simplex(w - lr * objective_grad(w, mu, cov))
    return w


def market():
    mu = jnp.array([0.08, 0.05, 0.12, 0.03])
    vol = jnp.array([0.2, 0.1, 0.3, 0.05])
    corr = 0.3 + 0.7 * jnp.eye(4)
    return mu, corr * jnp.outer(vol, vol)


def main():
    w = allocate(*market())
    print("weights", w, "sum", w.sum())


if __name__ == "__main__":
    main()
