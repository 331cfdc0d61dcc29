"""computeCost.m, translated line by line for ex1 (multivariate linear regression)."""
import jax.numpy as jnp


def feature_normalize(X):
    mu = X.mean(axis=0)
    sigma = X.std(axis=0)
    return (X - mu) / sigma, mu, sigma


def add_intercept(X):
    m = X.shape[0]
    return jnp.hstack([jnp.ones((m, 1)), X])


def compute_cost(theta, X, y):
    # J = 1/(2m) * (X*theta - y)' * (X*theta - y)
    m = y.shape[0]
    err = X @ theta - y
    return (1.0 / (2 * m)) * (err.T @ err)
