"""A single qubit prepared by two rotation angles and measured against a Hamiltonian."""
import jax.numpy as jnp

PAULI_X = jnp.array([[0.0, 1.0], [1.0, 0.0]], dtype=jnp.complex64)
PAULI_Z = jnp.array([[1.0, 0.0], [0.0, -1.0]], dtype=jnp.complex64)


def hamiltonian(field=0.7):
    return PAULI_Z + field * PAULI_X


def state(angles):
    theta, phi = angles[0], angles[1]
    return jnp.stack([jnp.cos(theta / 2), jnp.exp(1j * phi) * jnp.sin(theta / 2)])


def expectation(angles, h):
    psi = state(angles)
    return jnp.vdot(psi, h @ psi)
