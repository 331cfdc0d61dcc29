"""Claims of data/api/jax.linear_transpose.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones(3)


@claim("primals only give shapes and dtypes (jax.ShapeDtypeStruct works)")
def shape_dtype_struct():
    t = jax.linear_transpose(lambda x: 2 * x, jax.ShapeDtypeStruct((3,), jnp.float32))
    assert (t(X)[0] == 2).all()


@claim(
    "calling the transposed function of jnp.sin fails with \"Transpose rule (for reverse-mode differentiation) for 'sin' not implemented\""
)
def sin_fails_when_called():
    t = jax.linear_transpose(jnp.sin, X)
    with raises(
        NotImplementedError,
        "Transpose rule \\(for reverse-mode differentiation\\) for 'sin' not implemented",
    ):
        t(X)


@claim("a product of two inputs (or x * x) fails with a bare AssertionError")
def product_fails():
    for f, primals in ((lambda x, y: x * y, (X, X)), (lambda x: x * x, (X,))):
        t = jax.linear_transpose(f, *primals)
        with raises(AssertionError):
            t(X)


@claim("a nonzero constant added is silently dropped (the transpose of x + 1.0 is that of x)")
def constant_dropped():
    assert (jax.linear_transpose(lambda x: x + 1.0, X)(X)[0] == 1.0).all()


@claim(
    "Input and output dtypes must be all floating/complex (jax 0.12 also allows float0) or all integer"
)
def dtype_classes():
    with raises(TypeError, "linear_transpose only supports \\[float"):
        jax.linear_transpose(lambda x, y: x + y, X, jnp.ones(3, jnp.int32))
    t = jax.linear_transpose(lambda x: 2 * x, jnp.ones(3, jnp.int32))
    assert t(jnp.ones(3, jnp.int32))[0].dtype == jnp.int32


@claim(
    "The transposed function takes one cotangent shaped like fun(*primals) and returns a tuple shaped like primals"
)
def tuple_out():
    out = jax.linear_transpose(lambda x, y: x + 2 * y, X, X)(X)
    assert isinstance(out, tuple) and len(out) == 2 and (out[1] == 2).all()
