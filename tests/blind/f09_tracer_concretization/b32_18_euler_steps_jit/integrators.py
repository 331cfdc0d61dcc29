"""Explicit Euler integration (numerical methods course, assignment 2)."""
import jax


def make_euler(f):
    """Return euler(y0, t_end, n_steps) for the ODE y' = f(y)."""

    def euler(y0, t_end, n_steps):
        dt = t_end / n_steps
        y = y0
        for _ in range(n_steps):
            y = y + dt * f(y)
        return y

    return jax.jit(euler)
