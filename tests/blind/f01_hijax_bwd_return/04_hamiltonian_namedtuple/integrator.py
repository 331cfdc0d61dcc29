"""Symplectic Euler integration driven by gradients of the energy."""

import jax

from physics import energy


def hamilton_step(q, p, dt):
    dh_dq, dh_dp = jax.grad(energy, argnums=(0, 1))(q, p)
    p = p - dt * dh_dq
    q = q + dt * dh_dp
    return q, p


def rollout(q, p, dt=0.01, n=10):
    for _ in range(n):
        q, p = hamilton_step(q, p, dt)
    return q, p
