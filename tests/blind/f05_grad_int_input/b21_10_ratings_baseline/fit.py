"""Fit the rating baseline and report its RMSE."""
import jax
import jax.numpy as jnp

from baseline import init_baseline, predict, regularised_mse
from data import RatingsConfig, load_ratings


def fit(cfg, epochs=20, lr=1.0):
    users, items, stars = load_ratings(cfg)
    params = init_baseline(cfg, stars)
    grad_fn = jax.jit(jax.grad(regularised_mse))
    for _ in range(epochs):
        grads = grad_fn(params, users, items, stars)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    rmse = jnp.sqrt(jnp.mean((predict(params, users, items) - stars) ** 2))
    return params, float(rmse)


def main():
    params, rmse = fit(RatingsConfig())
    print(f"mu={float(params['mu']):.3f} rmse={rmse:.3f}")
    return rmse


if __name__ == "__main__":
    main()
