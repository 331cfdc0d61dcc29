"""Fit user and item embeddings to observed ratings."""
import jax
import jax.numpy as jnp

from bilinear import scores


def masked_mse(factors, ratings, observed):
    users, items = factors
    err = jnp.where(observed, scores(users, items) - ratings, 0.0)
    return jnp.sum(err**2) / jnp.sum(observed)


def main():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    true_u = jax.random.normal(k1, (12, 2))
    true_v = jax.random.normal(k2, (9, 2))
    ratings = true_u @ true_v.T
    observed = jax.random.bernoulli(k3, 0.7, ratings.shape)
    factors = (0.1 * jnp.ones((12, 2)), 0.1 * jnp.arange(18.0).reshape(9, 2) / 18)
    step = jax.jit(jax.value_and_grad(masked_mse))
    for _ in range(200):
        loss, grads = step(factors, ratings, observed)
        factors = jax.tree.map(lambda p, g: p - 0.1 * g, factors, grads)
    print("training loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
