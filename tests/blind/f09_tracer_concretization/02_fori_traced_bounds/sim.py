"""Projectile with quadratic drag, integrated with a fixed step."""

import jax
import jax.numpy as jnp


def flight(launch, drag, n_steps, dt=0.01, g=9.81):
    def body(_, state):
        pos, vel = state
        acc = jnp.array([0.0, -g]) - drag * jnp.linalg.norm(vel) * vel
        return pos + dt * vel, vel + dt * acc

    pos, _ = jax.lax.fori_loop(0, n_steps, body, (jnp.zeros(2), launch))
    return pos
