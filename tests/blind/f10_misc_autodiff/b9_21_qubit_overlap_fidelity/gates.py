"""Single-qubit gates and a parametrised circuit."""
import jax.numpy as jnp


def rx(theta):
    c, s = jnp.cos(theta / 2), jnp.sin(theta / 2)
    return jnp.array([[c, -1j * s], [-1j * s, c]])


def rz(phi):
    return jnp.array([[jnp.exp(-0.5j * phi), 0.0], [0.0, jnp.exp(0.5j * phi)]])


def circuit(params, psi0=jnp.array([1.0 + 0j, 0.0 + 0j])):
    psi = psi0
    for theta, phi in params:
        psi = rz(phi) @ (rx(theta) @ psi)
    return psi
