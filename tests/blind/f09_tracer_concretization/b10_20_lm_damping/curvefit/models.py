"""Model functions: params first, then the sample times."""
import jax.numpy as jnp


def damped_cosine(params, t):
    amp, decay, omega, phase = params
    return amp * jnp.exp(-decay * t) * jnp.cos(omega * t + phase)
