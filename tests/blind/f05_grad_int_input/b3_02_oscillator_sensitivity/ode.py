"""A damped oscillator and a fixed-step RK4 integrator."""
import functools

import jax
import jax.numpy as jnp


def damped_oscillator(state, t, omega, zeta):
    x, v = state[0], state[1]
    return jnp.stack([v, -2.0 * zeta * omega * v - omega**2 * x])


def rk4_step(f, y, t, dt):
    k1 = f(y, t)
    k2 = f(y + 0.5 * dt * k1, t + 0.5 * dt)
    k3 = f(y + 0.5 * dt * k2, t + 0.5 * dt)
    k4 = f(y + dt * k3, t + dt)
    return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def integrate(f, y0, t1, steps=200):
    dt = t1 / steps

    def body(i, y):
        return rk4_step(f, y, i * dt, dt)

    return jax.lax.fori_loop(0, steps, body, y0)


def final_position(y0, omega=2.0, zeta=0.1, t1=3.0):
    f = functools.partial(damped_oscillator, omega=omega, zeta=zeta)
    return integrate(f, y0, t1)[0]
