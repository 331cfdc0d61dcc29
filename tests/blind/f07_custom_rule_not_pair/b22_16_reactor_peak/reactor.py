"""Exothermic CSTR temperature under a PI jacket controller."""

import jax
import jax.numpy as jnp

from smooth import smooth_max

DT = 0.05
T_LIMIT = 345.0


def simulate(gains, feed_temps, n_steps=200):
    kp, ki = gains

    def body(carry, _):
        temp, integral = carry
        error = temp - 330.0
        jacket = 300.0 - kp * error - ki * integral
        heat = 10.0 * jnp.exp(0.03 * (temp - 330.0))
        temp = temp + DT * (0.5 * (feed_temps - temp) + heat - 0.8 * (temp - jacket))
        return (temp, integral + DT * error), temp

    init = (jnp.full_like(feed_temps, 320.0), jnp.zeros_like(feed_temps))
    _, temps = jax.lax.scan(body, init, None, length=n_steps)
    return temps.T  # (n_scenarios, n_steps)


def peak_penalty(gains, feed_temps, tau=2.0):
    temps = simulate(gains, feed_temps)
    peaks = smooth_max(temps, tau)
    return jnp.mean(jax.nn.softplus(peaks - T_LIMIT) ** 2)
