"""Claims of data/api/jax.closure_convert.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim


@claim(
    "closure_convert(fun, *args) returns converted_fun(*args, *consts) and the list consts of closed-over arrays"
)
def returns_list():
    w = jnp.arange(3.0)
    converted, consts = jax.closure_convert(lambda x: x * w, 1.0)
    assert isinstance(consts, list)
    assert (converted(2.0, *consts) == 2.0 * w).all()


@claim("pass consts as ordinary (differentiable) arguments to your custom_vjp function")
def consts_differentiable():
    def outer(w):
        converted, consts = jax.closure_convert(lambda x: x * w, 1.0)

        @jax.custom_vjp
        def apply(x, *consts):
            return converted(x, *consts)

        def fwd(x, *consts):
            out, vjp = jax.vjp(converted, x, *consts)
            return out, vjp

        apply.defvjp(fwd, lambda vjp, g: vjp(g))
        return apply(2.0, *consts)

    assert jax.grad(outer)(3.0) == 2.0
