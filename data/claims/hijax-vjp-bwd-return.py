"""Claims of data/records/hijax-vjp-bwd-return.json."""

import jax
import jax.experimental.hijax as hijax
import jax.numpy as jnp

from tests.claims import claim, raises

HiPrim = getattr(hijax, "HiPrim", None) or hijax.VJPHiPrimitive


def sin_prim(**methods):
    def __init__(self, aval):
        self.in_avals, self.out_aval, self.params = (aval,), aval, {}
        HiPrim.__init__(self)

    body = {
        "__init__": __init__,
        "expand": lambda self, x: jnp.sin(x),
        "vjp_fwd": lambda self, nzs, x: (jnp.sin(x), x),
        **methods,
    }
    prim = type("SinPrim", (HiPrim,), body)
    return lambda x: jax.grad(lambda x: prim(jax.typeof(x))(x).sum())(x)


X = jnp.ones(2)


def accumulating(self, x, g, acc):
    acc.accum(g * jnp.cos(x))


def returning(self, x, g, acc):
    accumulating(self, x, g, acc)
    return (g * jnp.cos(x),)


@claim(
    "whose return value must be None or a dict of backward-pass log entries; anything else is a TypeError",
    versions=("0.12",),
)
def non_none_is_type_error():
    with raises(
        TypeError,
        "^SinPrim.vjp_bwd should return None or a dict of backward-pass log entries, got tuple$",
    ):
        sin_prim(vjp_bwd=returning)(X)
    assert jnp.allclose(sin_prim(vjp_bwd=lambda *a: accumulating(*a) or {})(X), jnp.cos(X))


@claim(
    "jax 0.10 (VJPHiPrimitive) accepts only None and fails on any other return value with a bare AssertionError that has no message",
    versions=("0.10",),
)
def old_assertion():
    with raises(AssertionError, "^$"):
        sin_prim(vjp_bwd=returning)(X)
    with raises(AssertionError, "^$"):
        sin_prim(vjp_bwd=lambda *a: accumulating(*a) or {})(X)


@claim(
    "A vjp_bwd that returns None without calling accum on an argument's accumulator is accepted and silently gives that argument a zero gradient"
)
def no_accum_zero_gradient():
    assert (sin_prim(vjp_bwd=lambda self, x, g, acc: None)(X) == 0).all()


@claim("If you want the classic return-based API, implement vjp_bwd_retval instead")
def retval_style():
    grad = sin_prim(vjp_bwd_retval=lambda self, x, g: (g * jnp.cos(x),))(X)
    assert jnp.allclose(grad, jnp.cos(X))
