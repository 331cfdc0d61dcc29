"""Claims of data/records/grad-holomorphic-real-output.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

Z = jnp.complex64(1 + 2j)


@claim("JAX checks the output dtype after evaluating the function and names the dtype it found.")
def real_output_refused():
    with raises(
        TypeError, "grad with holomorphic=True requires outputs with complex dtype, but got float32"
    ):
        jax.grad(lambda z: jnp.abs(z) ** 2, holomorphic=True)(Z)


@claim(
    "`jax.grad(loss)(z)` accepts complex inputs when the output is real. It returns the conjugate of the steepest-ascent direction, so a gradient-descent step is `z - lr * jnp.conj(g)`."
)
def conjugate_convention():
    g = jax.grad(lambda z: jnp.abs(z) ** 2)(Z)
    assert jnp.allclose(g, 2 * jnp.conj(Z))  # steepest ascent of |z|^2 is 2z
    step = Z - 0.25 * jnp.conj(g)
    assert jnp.abs(step) < jnp.abs(Z)


@claim("write the function of `(re, im)` and differentiate with `argnums=(0, 1)`")
def real_and_imaginary():
    gx, gy = jax.grad(lambda x, y: x**2 + y**2, argnums=(0, 1))(1.0, 2.0)
    assert (gx, gy) == (2.0, 4.0)
