"""Claims of data/api/jax.lax.fori_loop.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

loop = lambda x, n: jax.lax.fori_loop(0, n, lambda i, c: c * 2, x)


@claim(
    "When lower and upper are concrete Python integers (not traced), fori_loop is lowered to lax.scan and supports jax.grad."
)
def static_bounds():
    assert jax.grad(lambda x: loop(x, 3))(1.0) == 8.0
    assert "scan" in str(jax.make_jaxpr(lambda x: loop(x, 3))(1.0))


@claim(
    "When either bound is traced (for example an argument of a jitted function), it becomes a while_loop and reverse-mode differentiation fails."
)
def traced_bounds():
    assert "while" in str(jax.make_jaxpr(loop)(1.0, 3))
    with raises(ValueError, "Reverse-mode differentiation does not work for lax.while_loop"):
        jax.jit(jax.grad(loop))(1.0, 3)


@claim("body_fun must return a value with init_val's structure, shapes and dtypes.")
def body_types():
    with raises(TypeError, "carry input and carry output must have equal types"):
        jax.lax.fori_loop(0, 2, lambda i, c: c.astype(jnp.float16), jnp.float32(1.0))
