"""Discrete PID controller with integrator clamping (anti-windup)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PIDGains(NamedTuple):
    kp: float
    ki: float
    kd: float
    windup_limit: float


class PIDState(NamedTuple):
    integral: jax.Array
    prev_error: jax.Array


def pid_step(gains, state, setpoint, measured, dt):
    error = setpoint - measured
    integral = state.integral + error * dt
    if jnp.abs(integral) > gains.windup_limit:
        integral = jnp.sign(integral) * gains.windup_limit
    derivative = (error - state.prev_error) / dt
    u = gains.kp * error + gains.ki * integral + gains.kd * derivative
    return jnp.clip(u, 0.0, 1.0), PIDState(integral, error)
