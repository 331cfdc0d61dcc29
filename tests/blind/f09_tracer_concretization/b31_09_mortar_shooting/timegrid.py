"""Time grids for the fixed-step integrators."""
import jax.numpy as jnp


def num_steps(t_final, dt):
    """Number of steps of size dt that cover [0, t_final]."""
    return jnp.ceil(t_final / dt).astype(jnp.int32)


def step_size(t_final, n):
    return t_final / n
