"""Recovers the signal with Nesterov-accelerated gradient descent."""

import jax
import jax.numpy as jnp

from inverse import blur, objective

PROBLEM = {"n": 64, "alpha": 0.05, "lr": 0.2, "iters": 60, "noise": 0.02}


def gaussian_kernel(width=7, sigma=1.5):
    t = jnp.arange(width) - width // 2
    k = jnp.exp(-0.5 * (t / sigma) ** 2)
    return k / k.sum()


def deconvolve(problem=PROBLEM):
    t = jnp.linspace(0.0, 1.0, problem["n"])
    truth = jnp.where((t > 0.3) & (t < 0.6), 1.0, 0.0)
    kernel = gaussian_kernel()
    observed = blur(truth, kernel) + problem["noise"] * jax.random.normal(jax.random.key(0), t.shape)
    grad = jax.jit(jax.grad(objective))
    x = jnp.zeros_like(observed)
    y = x
    for k in range(problem["iters"]):
        x_new = y - problem["lr"] * grad(y, observed, kernel, problem["alpha"])
        y = x_new + (k / (k + 3.0)) * (x_new - x)
        x = x_new
    err = float(jnp.sqrt(jnp.mean((x - truth) ** 2)))
    print("rms error", err)
    return err


def main():
    return deconvolve()


if __name__ == "__main__":
    main()
