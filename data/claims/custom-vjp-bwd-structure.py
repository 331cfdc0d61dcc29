"""Claims of data/records/custom-vjp-bwd-structure.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "must produce an output with the same container \\(pytree\\) structure as the args tuple"


def grad_with(bwd, argnums=0):
    f = jax.custom_vjp(lambda x, y: x * y)
    f.defvjp(lambda x, y: (x * y, (x, y)), bwd)
    return jax.grad(f, argnums=argnums)(2.0, 3.0)


@claim("`(g * dx,)`, not `g * dx`")
def bare_fails():
    f = jax.custom_vjp(jnp.sin)
    f.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: g * jnp.cos(x))
    with raises(
        TypeError,
        MESSAGE + ".*PyTreeDef\\(\\*\\) for primal input structure PyTreeDef\\(\\(\\*,\\)\\)",
    ):
        jax.grad(f)(1.0)


@claim("An entry may be None for an argument that gets no cotangent")
def none_entry():
    assert grad_with(lambda r, g: (g * r[1], None)) == 3.0
    assert grad_with(lambda r, g: (g * r[1], None), argnums=1) == 0.0


@claim("bwd returning fewer entries than the function has arguments")
def too_few():
    with raises(TypeError, MESSAGE):
        grad_with(lambda r, g: (g * r[1],))


@claim("bwd counting nondiff_argnums arguments in its tuple")
def counting_nondiff():
    @functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
    def f(k, x):
        return k * x

    f.defvjp(lambda k, x: (k * x, None), lambda k, r, g: (None, k * g))
    with raises(TypeError, MESSAGE):
        jax.grad(f, argnums=1)(2.0, 3.0)


@claim("A list of the right length is accepted")
def list_accepted():
    assert grad_with(lambda r, g: [g * r[1], g * r[0]]) == 3.0
