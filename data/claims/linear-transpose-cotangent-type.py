"""Claims of data/records/linear-transpose-cotangent-type.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, flags, raises

X = jnp.ones(4)
downsample = lambda x: x[::2]
MESSAGE = "cotangent type does not match function output"


@claim("(a NumPy float64 array is accepted as float32 when x64 is off)")
def numpy_float64():
    jax.linear_transpose(downsample, X)(np.ones(2))


@claim(
    "For an operator that changes shape, such as downsampling or a 'valid' convolution, an input-shaped vector is the wrong argument."
)
def input_shaped_fails():
    with raises(TypeError, MESSAGE):
        jax.linear_transpose(downsample, X)(jnp.ones_like(X))


@claim(
    "a float16 or bfloat16 cotangent for a float32 output; with JAX_ENABLE_X64, a float64 cotangent for a float32 output"
)
def other_dtypes_fail():
    for dtype in (jnp.float16, jnp.bfloat16):
        with raises(TypeError, MESSAGE):
            jax.linear_transpose(downsample, X)(jnp.ones(2, dtype))
    with flags(jax_enable_x64=True), raises(TypeError, MESSAGE):
        jax.linear_transpose(downsample, jnp.ones(4, jnp.float32))(jnp.ones(2, jnp.float64))


@claim("`out = jax.eval_shape(op, x)` then `jnp.ones(out.shape, out.dtype)`")
def from_eval_shape():
    out = jax.eval_shape(downsample, X)
    (ct,) = jax.linear_transpose(downsample, X)(jnp.ones(out.shape, out.dtype))
    assert (ct == jnp.array([1.0, 0.0, 1.0, 0.0])).all()
