"""Evaluation kernels shared by the forward and backward rules."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

LOG2 = 0.6931471805599453


class Log1mexpEval(NamedTuple):
    value: jax.Array      # log(1 - exp(-x))
    x: jax.Array
    ratio: jax.Array      # exp(-x) / (1 - exp(-x)), the derivative


def log1mexp_eval(x):
    """Maechler's two-branch evaluation of log(1 - exp(-x)) for x > 0, with its derivative."""
    value = jnp.where(x < LOG2, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))
    ratio = 1.0 / jnp.expm1(x)
    return Log1mexpEval(value, x, ratio)
