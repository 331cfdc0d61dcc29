"""Double pendulum (unit masses and lengths) in canonical coordinates."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

G = 9.81


class Phase(NamedTuple):
    q: jnp.ndarray  # (theta1, theta2)
    p: jnp.ndarray  # conjugate momenta


def hamiltonian(q, p):
    c = jnp.cos(q[0] - q[1])
    s2 = jnp.sin(q[0] - q[1]) ** 2
    kinetic = (p[0] ** 2 + 2.0 * p[1] ** 2 - 2.0 * p[0] * p[1] * c) / (2.0 * (1.0 + s2))
    potential = -2.0 * G * jnp.cos(q[0]) - G * jnp.cos(q[1])
    return kinetic + potential


_dH_dq = jax.grad(hamiltonian, argnums=0)
_dH_dp = jax.grad(hamiltonian, argnums=1)


def rk4_step(state, dt):
    def f(s):
        return Phase(_dH_dp(s.q, s.p), -_dH_dq(s.q, s.p))

    def axpy(a, x, y):
        return jax.tree.map(lambda u, v: u + a * v, y, x)

    k1 = f(state)
    k2 = f(axpy(0.5 * dt, k1, state))
    k3 = f(axpy(0.5 * dt, k2, state))
    k4 = f(axpy(dt, k3, state))
    return jax.tree.map(lambda y, a, b, c, d: y + dt / 6.0 * (a + 2 * b + 2 * c + d),
                        state, k1, k2, k3, k4)


def flow(state, t_final=5.0, dt=0.01):
    n = int(round(t_final / dt))
    return lax.fori_loop(0, n, lambda i, s: rk4_step(s, dt), state)
