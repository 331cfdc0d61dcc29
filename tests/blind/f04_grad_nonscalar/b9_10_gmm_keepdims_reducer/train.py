"""Fit the mixture by gradient descent on standardized data."""
import jax
import jax.numpy as jnp

from gmm import Mixture, nll
from reductions import standardize


@jax.jit
def step(m, x, lr=0.05):
    loss, g = jax.value_and_grad(nll)(m, x)
    return jax.tree.map(lambda p, d: p - lr * d, m, g), loss


def init(key, k=3, d=2):
    return Mixture(jnp.zeros(k), jax.random.normal(key, (k, d)), jnp.zeros((k, d)))


def data(key, n=60):
    k1, k2 = jax.random.split(key)
    centers = jnp.array([[-2.0, 0.0], [2.0, 1.0]])
    idx = jax.random.bernoulli(k1, 0.5, (n,)).astype(jnp.int32)
    return standardize(centers[idx] + 0.4 * jax.random.normal(k2, (n, 2)))


def main():
    m, x = init(jax.random.key(0)), data(jax.random.key(1))
    for _ in range(20):
        m, loss = step(m, x)
    print("nll", loss)


if __name__ == "__main__":
    main()
