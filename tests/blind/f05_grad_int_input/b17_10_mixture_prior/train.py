import jax
import jax.numpy as jnp

from config import PRIOR, TRAIN
from prior import init_prior, nll


def sample_data(key, n):
    k1, k2 = jax.random.split(key)
    centers = jnp.array([[-2.0, 0.0], [2.0, 1.0], [0.0, -2.5]])
    idx = jax.random.randint(k1, (n,), 0, 3)
    return centers[idx] + 0.4 * jax.random.normal(k2, (n, 2))


def fit(params, key):
    for i in range(TRAIN["steps"]):
        key, sub = jax.random.split(key)
        x = sample_data(sub, TRAIN["batch"])
        grads = jax.grad(nll)(params, x)
        params = jax.tree.map(lambda p, g: p - TRAIN["lr"] * g, params, grads)
    return params


def main():
    key = jax.random.PRNGKey(TRAIN["seed"])
    params = init_prior(key, PRIOR)
    params = fit(params, key)
    print("means", params["means"])


if __name__ == "__main__":
    main()
