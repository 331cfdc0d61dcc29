"""Claims of data/records/grad-holomorphic-real-input.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim("JAX does not promote real inputs to complex for you.")
def real_refused():
    with raises(
        TypeError, "with holomorphic=True requires inputs with complex dtype, but got float32"
    ):
        jax.grad(lambda z: z**2, holomorphic=True)(jnp.float32(0.5))


@claim("an integer input (the message then says int32)")
def int_input():
    with raises(TypeError, "requires inputs with complex dtype, but got int32"):
        jax.grad(lambda z: z**2, holomorphic=True)(jnp.int32(1))


@claim(
    "convert them with `z.astype(jnp.complex64)` (or `jnp.asarray(z, jnp.complex64)`, `z + 0j`); the derivative is then returned as a complex array"
)
def complex_inputs():
    z = jnp.linspace(0.0, 1.0, 3)
    d = jax.vmap(jax.grad(lambda z: z**2, holomorphic=True))(z.astype(jnp.complex64))
    assert d.dtype == jnp.complex64
    jax.grad(lambda z: z**2, holomorphic=True)(jnp.float32(0.5) + 0j)
