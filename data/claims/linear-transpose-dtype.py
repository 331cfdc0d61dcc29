"""Claims of data/records/linear-transpose-dtype.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

COUNTS = jnp.arange(4)
blur = lambda x: 0.5 * (x + jnp.roll(x, 1))


@claim(
    "an integer example (counts, pixel values, jnp.arange) for a function that computes in floating point fails, even though the function itself is linear"
)
def integer_example():
    with raises(TypeError, "linear_transpose only supports \\[float"):
        jax.linear_transpose(blur, COUNTS)


@claim(
    "jax 0.12 also accepts float0 (jax 0.10 does not, and words the message `[float or complex]`)"
)
def wording():
    expected = (
        "[float, complex, or float0]"
        if jax.__version__.startswith("0.12")
        else "[float or complex]"
    )
    with raises(
        TypeError,
        "linear_transpose only supports " + expected.replace("[", "\\[").replace("]", "\\]"),
    ):
        jax.linear_transpose(blur, COUNTS)


@claim(
    "`jax.linear_transpose(blur, jax.ShapeDtypeStruct(counts.shape, jnp.float32))`; only its shape and dtype are used"
)
def float_example():
    (ct,) = jax.linear_transpose(blur, jax.ShapeDtypeStruct(COUNTS.shape, jnp.float32))(jnp.ones(4))
    assert jnp.allclose(ct, 1.0)


@claim(
    "the transposed function returns cotangents with the example's dtypes, truncating to them if needed"
)
def example_dtype():
    widen = lambda x: x.astype(jnp.float32) * 1.5
    (ct,) = jax.linear_transpose(widen, jax.ShapeDtypeStruct((2,), jnp.float16))(
        jnp.full(2, 1.0001, jnp.float32)
    )
    assert ct.dtype == jnp.float16


@claim(
    "If the map is really integer to integer (sums, index shuffles), keep its output integer too"
)
def integer_map():
    (ct,) = jax.linear_transpose(lambda x: jnp.roll(x, 1) + x, COUNTS)(jnp.ones(4, jnp.int32))
    assert ct.dtype == jnp.int32 and (ct == 2).all()
