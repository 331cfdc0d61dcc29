"""Total-variation denoising objective for 1-D sensor traces."""
import functools

import jax.numpy as jnp

from tvd.smooth import smooth_abs

PENALTIES = {}


def penalty(name):
    def register(fn):
        PENALTIES[name] = fn
        return fn
    return register


@penalty("tv")
def total_variation(u, eps):
    return jnp.sum(smooth_abs(jnp.diff(u), eps))


@penalty("tv2")
def second_order_tv(u, eps):
    return jnp.sum(smooth_abs(jnp.diff(u, n=2), eps))


def make_objective(noisy, lam, kind="tv", eps=0.05):
    reg = functools.partial(PENALTIES[kind], eps=eps)

    def objective(u):
        return 0.5 * jnp.sum((u - noisy) ** 2) + lam * reg(u)

    return objective
