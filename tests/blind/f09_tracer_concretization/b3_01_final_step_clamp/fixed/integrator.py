"""Explicit midpoint steps for logistic growth, landing exactly on t_end."""
import jax
import jax.numpy as jnp


def growth(y, rate, capacity):
    return rate * y * (1.0 - y / capacity)


@jax.jit
def midpoint_step(y, t, dt, t_end, rate, capacity):
    dt = jnp.minimum(dt, t_end - t)
    k1 = growth(y, rate, capacity)
    k2 = growth(y + 0.5 * dt * k1, rate, capacity)
    return y + dt * k2, t + dt
