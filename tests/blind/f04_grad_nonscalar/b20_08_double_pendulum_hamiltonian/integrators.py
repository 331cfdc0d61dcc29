"""Symplectic integrators for separable-in-structure Hamiltonians."""
import jax


def symplectic_euler(hamiltonian, dt):
    dh_dq = jax.grad(hamiltonian, argnums=0)
    dh_dp = jax.grad(hamiltonian, argnums=1)

    def step(state, _):
        q, p = state
        p = p - dt * dh_dq(q, p)
        q = q + dt * dh_dp(q, p)
        return (q, p), (q, p)

    return step


def rollout(hamiltonian, q0, p0, dt, n_steps):
    step = symplectic_euler(hamiltonian, dt)
    _, (qs, ps) = jax.lax.scan(step, (q0, p0), None, length=n_steps)
    return qs, ps
