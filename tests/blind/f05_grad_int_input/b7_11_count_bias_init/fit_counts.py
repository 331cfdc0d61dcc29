"""Fits the Poisson GLM by gradient descent with a fixed step."""

import jax
import jax.numpy as jnp

from glm import init_params, neg_log_likelihood, simulate


def fit(steps=50, lr=0.1):
    features, counts = simulate(jax.random.key(0))
    params = init_params(features, counts)
    step = jax.jit(jax.value_and_grad(neg_log_likelihood))
    for _ in range(steps):
        nll, grads = step(params, features, counts)
        params = {k: params[k] - lr * grads[k] for k in params}
    print("nll", float(nll), "bias", params["bias"])
    return params


def main():
    return fit()


if __name__ == "__main__":
    main()
