"""Claims of data/records/jacfwd-holomorphic-real-input.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim(
    'jax.jacfwd (or jax.hessian, which reports "jacfwd") was called with holomorphic=True, but an input it differentiates is not complex.'
)
def hessian_says_jacfwd():
    for api in (jax.jacfwd, jax.hessian):
        with raises(
            TypeError,
            "^jacfwd with holomorphic=True requires inputs with complex dtype, but got float32",
        ):
            api(lambda z: z**3, holomorphic=True)(jnp.array([0.5, 1.0]))


@claim(
    "Pass complex inputs: `jnp.array([...], dtype=jnp.complex64)`, `z.astype(jnp.complex64)` or `z + 0j`."
)
def complex_inputs():
    z = jnp.array([0.5, 1.0], dtype=jnp.complex64)
    assert jnp.allclose(jnp.diag(jax.jacfwd(lambda z: z**3, holomorphic=True)(z)), 3 * z**2)
