"""Explicit time stepping of small ODE systems."""
import jax
import jax.numpy as jnp


def euler_until(rhs, y0, t_end, dt, args):
    """Integrate y' = rhs(t, y, args) from t=0 to t_end with a fixed step dt."""

    def cond(state):
        t, _ = state
        return t < t_end - 1e-9

    def body(state):
        t, y = state
        return t + dt, y + dt * rhs(t, y, args)

    _, y_end = jax.lax.while_loop(cond, body, (jnp.float32(0.0), y0))
    return y_end
