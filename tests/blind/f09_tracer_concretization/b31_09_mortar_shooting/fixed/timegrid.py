"""Time grids for the fixed-step integrators."""
import math


def num_steps(t_final, dt):
    """Number of steps of size dt that cover [0, t_final]."""
    return math.ceil(t_final / dt)


def step_size(t_final, n):
    return t_final / n
