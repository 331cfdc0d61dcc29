"""Claims of data/records/custom-vjp-returned-ref.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim('a Ref created inside the rule is refused ("that was not an argument")')
def fresh_ref_residual():
    f = jax.custom_vjp(lambda x: x * 2.0)
    f.defvjp(lambda x: (x * 2.0, jax.new_ref(2.0 * x)), lambda r, g: (g * r[...],))
    f(1.0)
    with raises(
        ValueError,
        "custom_vjp fwd function .* returned a mutable array reference of type .* that was not an argument",
    ):
        jax.grad(f)(1.0)


@claim("The primal function may not return a Ref at all")
def primal_ref():
    f = jax.custom_vjp(lambda x: jax.new_ref(x))
    f.defvjp(lambda x: (x, None), lambda r, g: (g,))
    with raises(ValueError, "custom_vjp primal function"):
        f(jnp.ones(2))


@claim("Return residuals as plain arrays")
def plain_residuals():
    f = jax.custom_vjp(lambda x: x * 2.0)
    f.defvjp(lambda x: (x * 2.0, 2.0), lambda r, g: (g * r,))
    assert jax.grad(f)(1.0) == 2.0
