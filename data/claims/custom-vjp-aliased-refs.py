"""Claims of data/records/custom-vjp-aliased-refs.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "only one reference to a mutable array may be passed as an argument to a function"


def update():
    @jax.custom_vjp
    def f(a_ref, b_ref, x):
        return a_ref[...] * x + b_ref[...]

    f.defvjp(lambda a, b, x: (f(a, b, x), None), lambda r, g: (None, None, g))
    return f


@claim("checks it on every call, with or without differentiation")
def every_call():
    ref = jax.new_ref(jnp.ones(3))
    with raises(ValueError, MESSAGE):
        update()(ref, ref, jnp.ones(3))


@claim("A common cause is `b_ref = a_ref`, which makes a second name for the same Ref, not a copy.")
def alias_is_same_ref():
    a_ref = jax.new_ref(jnp.ones(3))
    b_ref = a_ref
    with raises(ValueError, MESSAGE):
        update()(a_ref, b_ref, jnp.ones(3))


@claim(
    "Give the second argument its own Ref with a copy of the value: `ema_ref = jax.new_ref(params_ref[...])`."
)
def copy_works():
    params_ref = jax.new_ref(jnp.ones(3))
    update()(params_ref, jax.new_ref(params_ref[...]), jnp.ones(3))


@claim(
    "jax 0.10.2 names the fwd rule (a functools.partial) instead of the function in the message.",
    versions=("0.10",),
)
def old_names_partial():
    ref = jax.new_ref(jnp.ones(3))
    with raises(ValueError, MESSAGE + ".*custom_vjp function functools.partial"):
        update()(ref, ref, jnp.ones(3))
