"""Claims of data/records/jvp-dtype-mismatch.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, flags, raises

MESSAGE = "primal and tangent arguments to jax.jvp do not match; dtypes must be equal"


@claim("JAX neither casts nor promotes tangents")
def no_casting():
    with raises(TypeError, MESSAGE):
        jax.jvp(jnp.sin, (jnp.ones(2, jnp.bfloat16),), (jnp.ones(2),))


@claim("an integer primal (counts, indices, a step number) given a float tangent")
def integer_primal():
    with raises(TypeError, MESSAGE):
        jax.jvp(lambda x, n: x * n, (1.0, 3), (1.0, 1.0))


@claim("a Python float tangent for a float32 primal under x64")
def python_float_x64():
    with flags(jax_enable_x64=True), raises(TypeError, MESSAGE):
        jax.jvp(jnp.sin, (jnp.float32(1.0),), (1.0,))


@claim(
    "For an integer or boolean primal, pass a float0 tangent: `np.zeros(n.shape, dtype=jax.dtypes.float0)`"
)
def float0_tangent():
    n = jnp.array(3)
    _, t = jax.jvp(lambda x, n: x * n, (1.0, n), (1.0, np.zeros(n.shape, dtype=jax.dtypes.float0)))
    assert t == 3.0


@claim("`jnp.ones_like(x)`, `jnp.zeros_like(x).at[...].set(...)`, or cast it: `v.astype(x.dtype)`")
def built_from_primal():
    x = jnp.ones(2, jnp.bfloat16)
    jax.jvp(jnp.sin, (x,), (jnp.ones_like(x),))
    jax.jvp(jnp.sin, (x,), (jnp.ones(2).astype(x.dtype),))
