"""Fit the stiffness of a damped oscillator to an observed trajectory."""

import jax
import jax.numpy as jnp

DT = 0.05


def simulate(k, x0, v0, n):
    def body(state, _):
        x, v = state
        a = -k * x - 0.1 * v
        return (x + DT * v, v + DT * a), x

    _, xs = jax.lax.scan(body, (x0, v0), None, length=n)
    return xs


def trajectory_error(k, observed):
    xs = simulate(k, 1.0, 0.0, observed.shape[0])
    return jnp.mean((xs - observed) ** 2)
