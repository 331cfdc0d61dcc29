"""Lumped thermal model of a room heated by a radiator, simulated under PID control."""
import jax
import jax.numpy as jnp

from control.pid import PIDState, pid_step


def room_step(temp, heater, outside, dt, tau=1800.0, gain=12.0):
    return temp + dt * ((outside - temp) / tau + gain * heater / tau)


def simulate(gains, setpoints, outside, dt=30.0, temp0=16.0):
    def step(carry, inputs):
        temp, pid = carry
        sp, out = inputs
        heater, pid = pid_step(gains, pid, sp, temp, dt)
        temp = room_step(temp, heater, out, dt)
        return (temp, pid), (temp, heater)

    init = (jnp.float32(temp0), PIDState(jnp.float32(0.0), jnp.float32(0.0)))
    _, (temps, heat) = jax.lax.scan(step, init, (setpoints, outside))
    return temps, heat


simulate_jit = jax.jit(simulate)
