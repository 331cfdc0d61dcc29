"""Claims of data/records/custom-jvp-output-structure.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "must produce primal and tangent outputs with equal container \\(pytree\\) structures"


def polar(tangent_container):
    @jax.custom_jvp
    def f(x):
        return (jnp.sin(x), jnp.cos(x))

    @f.defjvp
    def f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return f(x), tangent_container(jnp.cos(x) * t, -jnp.sin(x) * t)

    return f


@claim("same containers (a tuple is not a list)")
def list_is_not_tuple():
    with raises(
        TypeError,
        MESSAGE + ", but got PyTreeDef\\(\\(\\*, \\*\\)\\) and PyTreeDef\\(\\[\\*, \\*\\]\\)",
    ):
        jax.jvp(polar(lambda a, b: [a, b]), (1.0,), (1.0,))


@claim("None in place of a tangent for an output that should get zeros")
def none_tangent_fails():
    with raises(TypeError, MESSAGE):
        jax.jvp(polar(lambda a, b: (a, None)), (1.0,), (1.0,))


@claim("Build the tangent output with the same container as the primal output")
def tuple_works():
    jax.jvp(polar(lambda a, b: (a, b)), (1.0,), (1.0,))
