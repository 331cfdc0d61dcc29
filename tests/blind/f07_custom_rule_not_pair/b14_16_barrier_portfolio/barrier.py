"""Log-barrier for the long-only budget constraint, with a cheap hand-written VJP."""
import jax
import jax.numpy as jnp


def _barrier_value(w):
    slack = 1.0 - jnp.sum(w)
    return -jnp.sum(jnp.log(w)) - jnp.log(slack)


@jax.custom_vjp
def log_barrier(w):
    return _barrier_value(w)


def _barrier_fwd(w):
    slack = 1.0 - jnp.sum(w)
    return _barrier_value(w), (w, slack)


def _barrier_bwd(res, g):
    w, slack = res
    return (g * (-1.0 / w + 1.0 / slack),)


log_barrier.defvjp(_barrier_value, _barrier_bwd)
