"""Single-qubit propagators for piecewise-constant x/y drives (from grape_1q.m)."""
import jax
import jax.numpy as jnp

SX = jnp.array([[0, 1], [1, 0]], dtype=jnp.complex64)
SY = jnp.array([[0, -1j], [1j, 0]], dtype=jnp.complex64)
SZ = jnp.array([[1, 0], [0, -1]], dtype=jnp.complex64)
I2 = jnp.eye(2, dtype=jnp.complex64)


def slice_propagator(ux, uy, detuning, dt):
    """exp(-i H dt) for H = (ux X + uy Y + detuning Z) / 2, in closed form."""
    hx, hy, hz = 0.5 * ux, 0.5 * uy, 0.5 * detuning
    omega = jnp.sqrt(hx ** 2 + hy ** 2 + hz ** 2 + 1e-12)
    n_dot_sigma = (hx * SX + hy * SY + hz * SZ) / omega
    return jnp.cos(omega * dt) * I2 - 1j * jnp.sin(omega * dt) * n_dot_sigma


def total_propagator(controls, detuning, dt):
    def step(U, u):
        return slice_propagator(u[0], u[1], detuning, dt) @ U, None
    U, _ = jax.lax.scan(step, I2, controls)
    return U
