"""Complex amplitude reflection coefficient of a thin-film stack at normal incidence."""

import jax
import jax.numpy as jnp

N_AIR, N_GLASS = 1.0, 1.52


def layer_matrix(n, d, wavelength):
    delta = 2.0 * jnp.pi * n * d / wavelength
    c, s = jnp.cos(delta), jnp.sin(delta)
    return jnp.array([[c, 1j * s / n], [1j * n * s, c]])


def reflection(thickness, indices, wavelength):
    m = jnp.eye(2, dtype=jnp.complex64)
    for i in range(indices.shape[0]):
        m = m @ layer_matrix(indices[i], thickness[i], wavelength)
    b, c = m @ jnp.array([1.0, N_GLASS], dtype=jnp.complex64)
    return (N_AIR * b - c) / (N_AIR * b + c)


reflection_spectrum = jax.vmap(reflection, in_axes=(None, None, 0))
