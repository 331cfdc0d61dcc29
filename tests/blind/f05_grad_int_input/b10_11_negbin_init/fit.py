"""Maximum likelihood by gradient descent."""
import jax
import jax.numpy as jnp

from counts.init import initial_params
from counts.likelihood import negative_log_likelihood


def simulate(n=200, seed=0):
    kx, ky = jax.random.split(jax.random.key(seed))
    features = jax.random.normal(kx, (n, 3))
    rate = jnp.exp(1.5 + features @ jnp.array([0.3, -0.2, 0.1]))
    return features, jax.random.poisson(ky, rate)


def fit(steps=50, lr=0.05):
    features, counts = simulate()
    params = initial_params(features, counts)
    step = jax.jit(jax.value_and_grad(negative_log_likelihood))
    for _ in range(steps):
        nll, grads = step(params, features, counts)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, nll


def main():
    params, nll = fit()
    print("coef", params["coef"], "nll", float(nll))


if __name__ == "__main__":
    main()
