"""Temperature schedules for simulated annealing."""
import math

import jax.numpy as jnp


def geometric(t0, decay, t_min):
    return lambda step: jnp.maximum(t0 * decay**step, t_min)


def logarithmic(c, t_min):
    return lambda step: max(c / math.log(step + 2.0), t_min)


SCHEDULES = {"geometric": geometric, "logarithmic": logarithmic}
