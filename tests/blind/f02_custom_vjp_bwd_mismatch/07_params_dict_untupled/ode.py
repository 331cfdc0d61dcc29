"""Explicit Euler solve of dy/dt = -k * y + c, with an adjoint-style custom VJP."""

import jax
import jax.numpy as jnp

DT = 0.05
STEPS = 40


def _solve(params, y0):
    y = y0
    for _ in range(STEPS):
        y = y + DT * (-params["k"] * y + params["c"])
    return y


@jax.custom_vjp
def solve(params):
    return _solve(params, jnp.ones(3))


def solve_fwd(params):
    return solve(params), params


def solve_bwd(params, y_bar):
    _, pullback = jax.vjp(lambda p: _solve(p, jnp.ones(3)), params)
    (grads,) = pullback(y_bar)
    grads = {"k": grads["k"], "c": grads["c"]}
    return grads


solve.defvjp(solve_fwd, solve_bwd)
