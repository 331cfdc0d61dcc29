"""Steady one-dimensional confined flow with recharge, fixed heads at both ends."""
import jax.numpy as jnp

from wells import observe

N_CELLS = 50
DX = 100.0          # m
RECHARGE = 2e-4     # m/day per unit width
H_LEFT, H_RIGHT = 40.0, 32.0


def heads(log_k):
    """Solve d/dx (T dh/dx) = -R with harmonic-mean face transmissivities."""
    t = jnp.exp(log_k)
    t_face = 2.0 * t[:-1] * t[1:] / (t[:-1] + t[1:])
    main = jnp.zeros(N_CELLS).at[:-1].add(t_face).at[1:].add(t_face)
    a = jnp.diag(main) - jnp.diag(t_face, 1) - jnp.diag(t_face, -1)
    rhs = jnp.full(N_CELLS, RECHARGE * DX**2)
    a = a.at[0].set(0.0).at[0, 0].set(1.0).at[-1].set(0.0).at[-1, -1].set(1.0)
    rhs = rhs.at[0].set(H_LEFT).at[-1].set(H_RIGHT)
    return jnp.linalg.solve(a, rhs)


def well_heads(log_k):
    return observe(heads(log_k))
