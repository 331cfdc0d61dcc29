"""Alternating-free gradient descent for matrix completion."""

import jax
import jax.numpy as jnp

from imputer import Factors, init_factors, masked_loss


def sgd_step(factors: Factors, observed, ratings, lr=0.5):
    grads = jax.grad(masked_loss, argnums=1)(factors, observed, ratings)
    return Factors(*(p - lr * g for p, g in zip(factors, grads)))


def complete(ratings, observed, rank=2, steps=30):
    factors = init_factors(jax.random.PRNGKey(1), *ratings.shape, rank)
    for _ in range(steps):
        factors = sgd_step(factors, observed, ratings)
    return factors.u @ factors.v.T


def main():
    key = jax.random.PRNGKey(0)
    a, b = jax.random.normal(key, (2, 6, 2))
    ratings = a @ b.T
    observed = jax.random.bernoulli(jax.random.PRNGKey(2), 0.6, ratings.shape)
    filled = complete(ratings, observed)
    print("rmse on hidden", float(jnp.sqrt(jnp.mean(jnp.where(observed, 0.0, filled - ratings) ** 2))))


if __name__ == "__main__":
    main()
