"""Vertical powered descent of a lander: point-mass dynamics and trajectory cost."""
import jax
import jax.numpy as jnp

G = 1.62        # lunar gravity, m/s^2
ISP_G0 = 3000.0  # exhaust velocity, m/s
DT = 0.5


def rollout(thrust, state0):
    """thrust (T,) in kilonewtons; state = (altitude, velocity, mass)."""
    def step(state, f):
        h, v, m = state
        a = 1000.0 * f / m - G
        m_next = m - DT * 1000.0 * f / ISP_G0
        return (h + DT * v + 0.5 * DT**2 * a, v + DT * a, m_next), h

    final, altitudes = jax.lax.scan(step, state0, thrust)
    return final, altitudes


def trajectory_cost(thrust, state0, w):
    (h, v, m), _ = rollout(thrust, state0)
    fuel = state0[2] - m
    smooth = jnp.sum(jnp.diff(thrust) ** 2)
    return w.altitude * (h / 10.0)**2 + w.velocity * v**2 + w.fuel * fuel + w.smooth * smooth
