"""Unadjusted Langevin sampling of the posterior."""

import jax
import jax.numpy as jnp

from posterior import log_posterior


def langevin_chain(key, theta0, X, y, step_size=1e-3, n_steps=300):
    def step(theta, key):
        g = jax.grad(log_posterior)(theta, X, y)
        theta = theta + step_size * g + jnp.sqrt(2 * step_size) * jax.random.normal(key, theta.shape)
        return theta, theta

    _, samples = jax.lax.scan(step, theta0, jax.random.split(key, n_steps))
    return samples


def main():
    kx, kc = jax.random.split(jax.random.PRNGKey(3))
    X = jax.random.normal(kx, (150, 3))
    y = (X @ jnp.array([1.5, -1.0, 0.0]) > 0).astype(jnp.float32)
    samples = langevin_chain(kc, jnp.zeros(3), X, y)
    mean = samples[100:].mean(axis=0)
    print("posterior mean", mean)
    return mean


if __name__ == "__main__":
    main()
