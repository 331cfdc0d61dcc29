"""Estimate how sensitive a small regressor's predictions are to weight noise."""

import jax
import jax.numpy as jnp

from perturb import rademacher_like


def predict(params, x):
    return jnp.tanh(x @ params["w"] + params["b"])


def directional_sensitivity(params, x, key, n_probes=4):
    total = 0.0
    for k in jax.random.split(key, n_probes):
        direction = rademacher_like(k, params)
        _, dy = jax.jvp(lambda p: predict(p, x), (params,), (direction,))
        total = total + jnp.mean(dy ** 2)
    return total / n_probes


def main():
    params = {"w": jax.random.normal(jax.random.PRNGKey(0), (5, 2)), "b": jnp.zeros(2)}
    x = jax.random.normal(jax.random.PRNGKey(1), (16, 5))
    print("sensitivity", float(directional_sensitivity(params, x, jax.random.PRNGKey(2))))


if __name__ == "__main__":
    main()
