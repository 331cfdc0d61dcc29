"""A damped pendulum rolled out with semi-implicit Euler."""

import functools

import jax
import jax.numpy as jnp


def pendulum_step(state, params, dt):
    theta, omega = state
    alpha = -params["g_over_l"] * jnp.sin(theta) - params["damping"] * omega
    omega = omega + dt * alpha
    theta = theta + dt * omega
    return jnp.stack([theta, omega])


@functools.partial(jax.jit, static_argnames="n_steps")
def rollout(params, state0, dt, n_steps):
    return jax.lax.fori_loop(0, n_steps, lambda i, s: pendulum_step(s, params, dt), state0)
