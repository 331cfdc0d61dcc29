"""A small gradient-descent driver with backtracking on the gradient norm."""
import jax
import jax.numpy as jnp
import numpy as np

from survival import gradient_for


def descend(grad_fn, theta0, lr=0.1, iters=3):
    theta = theta0
    for _ in range(iters):
        g = grad_fn(theta)
        norm = jnp.linalg.norm(g)
        theta = theta - lr * g / jnp.maximum(1.0, norm)
    return theta


def main():
    rng = np.random.default_rng(0)
    covariates = jnp.asarray(rng.normal(size=(100, 2)), jnp.float32)
    times = jnp.asarray(rng.weibull(1.5, size=100) * 2.0 + 1e-3, jnp.float32)
    events = jnp.asarray(rng.random(100) < 0.7, jnp.float32)
    theta = descend(gradient_for(times, events, covariates), jnp.zeros(4))
    print("theta", theta)


if __name__ == "__main__":
    main()
