"""Cluster 2-D sensor readings by maximum likelihood, with plain gradient descent."""

import jax
import jax.numpy as jnp

from gmm import GaussianMixture


def readings(key, n=300):
    kc, kn = jax.random.split(key)
    centers = jnp.array([[0.0, 0.0], [4.0, 1.0], [1.0, 5.0]])
    c = jax.random.randint(kc, (n,), 0, 3)
    return centers[c] + 0.7 * jax.random.normal(kn, (n, 2))


def fit(steps=100, lr=0.05):
    x = readings(jax.random.key(0))
    model = GaussianMixture(3, 2)
    params = model.init(jax.random.key(1), x)

    def mean_nll(p):
        return -jnp.mean(model.log_likelihood(p, x))

    step = jax.jit(jax.value_and_grad(mean_nll))
    for _ in range(steps):
        nll, g = step(params)
        params = jax.tree.map(lambda p, d: p - lr * d, params, g)
    return params, nll


def main():
    params, nll = fit()
    print("nll", float(nll))
    print("means", params["means"])


if __name__ == "__main__":
    main()
