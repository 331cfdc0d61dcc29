import jax.numpy as jnp

from robust import logcosh


def predict(theta, x):
    return theta[0] + theta[1] * x


def loss(theta, x, y):
    return jnp.mean(logcosh(predict(theta, x) - y))
