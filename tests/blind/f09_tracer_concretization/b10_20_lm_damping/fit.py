"""Fit a ring-down signal."""
import jax
import jax.numpy as jnp

from curvefit.lm import lm_step, sse
from curvefit.models import damped_cosine


def ringdown(n=120, seed=0):
    t = jnp.linspace(0.0, 6.0, n)
    truth = jnp.array([2.0, 0.4, 3.1, 0.3])
    return t, damped_cosine(truth, t) + 0.02 * jax.random.normal(jax.random.key(seed), (n,))


def fit(iters=25):
    t, y = ringdown()
    params, damping = jnp.array([1.5, 0.3, 3.0, 0.0]), jnp.array(1e-2)
    for _ in range(iters):
        params, damping = lm_step(damped_cosine, params, damping, t, y)
    return params, sse(damped_cosine, params, t, y)


def main():
    params, err = fit()
    print("params", params, "sse", float(err))


if __name__ == "__main__":
    main()
