"""Heun-Euler embedded pair with a standard step-size controller."""
import functools

import jax
import jax.numpy as jnp

SAFETY = 0.9
MIN_FACTOR, MAX_FACTOR = 0.2, 5.0


@functools.partial(jax.jit, static_argnums=0)
def attempt(rhs, t, y, dt, tol):
    """One trial step; returns (t, y, dt) for the next attempt."""
    k1 = rhs(t, y)
    k2 = rhs(t + dt, y + dt * k1)
    y_high = y + 0.5 * dt * (k1 + k2)
    y_low = y + dt * k1
    err = jnp.max(jnp.abs(y_high - y_low) / (tol * (1.0 + jnp.abs(y))))
    factor = jnp.clip(SAFETY / jnp.sqrt(jnp.maximum(err, 1e-10)), MIN_FACTOR, MAX_FACTOR)
    accept = err <= 1.0
    return jnp.where(accept, t + dt, t), jnp.where(accept, y_high, y), dt * factor


def integrate(rhs, y0, t_end, dt0=1e-2, tol=1e-4, max_attempts=20_000):
    t, y, dt = 0.0, y0, dt0
    n = 0
    while t < t_end and n < max_attempts:
        t, y, dt = attempt(rhs, t, y, min(dt, t_end - t), tol)
        t, dt = float(t), float(dt)
        n += 1
    return y, n
