"""Claims of data/records/jacfwd-holomorphic-real-output.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

Z = jnp.array([1 + 1j, 2 + 0j], dtype=jnp.complex64)
INTENSITY = lambda z: jnp.abs(z) ** 2


@claim(
    "Simply dropping holomorphic=True does not help with jacfwd: without it jacfwd refuses complex inputs."
)
def dropping_does_not_help():
    with raises(
        TypeError,
        "jacfwd with holomorphic=True requires outputs with complex dtype, but got float32",
    ):
        jax.jacfwd(INTENSITY, holomorphic=True)(Z)
    with raises(TypeError, "jacfwd requires real-valued inputs .* but got complex64"):
        jax.jacfwd(INTENSITY)(Z)


@claim(
    "write `g = lambda re, im: f(re + 1j * im)` and call `jax.jacfwd(g, argnums=(0, 1))(z.real, z.imag)`"
)
def real_imaginary_parts():
    g = lambda re, im: INTENSITY(re + 1j * im)
    d_re, d_im = jax.jacfwd(g, argnums=(0, 1))(Z.real, Z.imag)
    assert jnp.allclose(jnp.diag(d_re), 2 * Z.real) and jnp.allclose(jnp.diag(d_im), 2 * Z.imag)


@claim(
    "Use `jax.jacrev(f)(z)` without holomorphic: reverse mode accepts complex inputs when the outputs are real (each row is the conjugate-convention gradient of one output)."
)
def jacrev_rows():
    assert jnp.allclose(jnp.diag(jax.jacrev(INTENSITY)(Z)), 2 * jnp.conj(Z))
