"""Claims of data/records/vjp-cotangent-shape.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, flags, raises

X = jnp.ones(3, jnp.float32)
MESSAGE = "unexpected JAX type \\(e.g. shape/dtype\\) for argument to VJP function: got {}, but expected {}"


@claim(
    "JAX does not broadcast it. Seeding with a scalar 1.0 for an array output is the usual cause."
)
def scalar_seed():
    _, f_vjp = jax.vjp(jnp.sin, X)
    with raises(ValueError, MESSAGE.format("float32\\[\\]", "float32\\[3\\]")):
        f_vjp(1.0)


@claim(
    "a float64 array as cotangent for a float32 output when 64-bit mode is on (JAX_ENABLE_X64; without it a float64 NumPy array is converted to float32 and accepted)"
)
def float64_needs_x64():
    _, f_vjp = jax.vjp(jnp.sin, X)
    (ct,) = f_vjp(np.ones(3, np.float64))
    assert ct.dtype == jnp.float32
    with flags(jax_enable_x64=True):
        _, f_vjp = jax.vjp(jnp.sin, X)
        with raises(ValueError, MESSAGE.format("float64\\[3\\]", "float32\\[3\\]")):
            f_vjp(np.ones(3, np.float64))


@claim("Build the cotangent from the output: `f_vjp(jnp.ones_like(out))`")
def ones_like_out():
    out, f_vjp = jax.vjp(jnp.sin, X)
    assert jnp.allclose(f_vjp(jnp.ones_like(out))[0], jnp.cos(X))
