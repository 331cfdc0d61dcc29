"""Robust line fit: y = a * x + b with a Huber loss."""
import jax
import jax.numpy as jnp

from huber import huber


def predict(theta, x):
    return theta[0] * x + theta[1]


def robust_loss(theta, x, y):
    return jnp.mean(huber(predict(theta, x) - y, delta=0.5))


@jax.jit
def gd_step(theta, x, y, lr=0.2):
    g = jax.grad(robust_loss)(theta, x, y)
    return theta - lr * g
