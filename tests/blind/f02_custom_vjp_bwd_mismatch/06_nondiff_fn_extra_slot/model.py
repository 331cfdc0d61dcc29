import jax.numpy as jnp

from fixed_point import fixed_point


def contraction(z, theta):
    return 0.5 * jnp.tanh(theta @ z) + 0.1


def equilibrium_loss(theta, target):
    z_star = fixed_point(contraction, theta, jnp.zeros(target.shape))
    return jnp.sum((z_star - target) ** 2)
