"""Explicit time stepping of small ODE systems."""
import jax
import jax.numpy as jnp


def euler_until(rhs, y0, t_end, dt, args):
    """Integrate y' = rhs(t, y, args) from t=0 to t_end with a fixed step dt."""

    def body(i, y):
        return y + dt * rhs(i * dt, y, args)

    return jax.lax.fori_loop(0, round(t_end / dt), body, y0)
