"""Activations for the from-scratch MLP (homework 2).

Leaky ReLU gets its own backward pass, like in the lecture slides:
dL/dx = dL/dy * (1 if x > 0 else alpha).
"""
import jax
import jax.numpy as jnp

ALPHA = 0.01


@jax.custom_vjp
def leaky_relu(x):
    return jnp.where(x > 0, x, ALPHA * x)


def leaky_relu_fwd(x):
    return leaky_relu(x), x


def leaky_relu_bwd(x, g):
    return (g * jnp.where(x > 0, 1.0, ALPHA),)


leaky_relu.defvjp(leaky_relu_fwd, leaky_relu_bwd)
