"""Claims of data/records/vjp-too-many-args.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones(3)
pair = lambda x: (jnp.sin(x), jnp.cos(x))


@claim("for a function returning `(a, b)` call `f_vjp((ct_a, ct_b))`, not `f_vjp(ct_a, ct_b)`")
def splatted():
    (a, b), f_vjp = jax.vjp(pair, X)
    with raises(TypeError, "was called with 2 arguments"):
        f_vjp(jnp.ones_like(a), jnp.ones_like(b))
    f_vjp((jnp.ones_like(a), jnp.ones_like(b)))


@claim(
    "(It returns a tuple with one cotangent per primal input, which is the part that has one entry per argument.)"
)
def tuple_per_input():
    _, f_vjp = jax.vjp(lambda x, y: x * y, 2.0, 3.0)
    assert f_vjp(1.0) == (3.0, 2.0)
