"""Claims of data/records/hijax-vjp-bwd-return.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)


def fwd(self, nzs, x):
    return jnp.sin(x), x


def accumulating(self, x, g, acc):
    acc.accum(g * jnp.cos(x))


def returning(self, x, g, acc):
    accumulating(self, x, g, acc)
    return (g * jnp.cos(x),)


def grad(**methods):
    return jax.grad(lambda x: hi_primitive(vjp_fwd=fwd, **methods)(x).sum())(X)


@claim(
    "whose return value must be None or a dict of backward-pass log entries; anything else is a TypeError",
    versions=("0.12",),
)
def non_none_is_type_error():
    with raises(
        TypeError,
        "^SinPrim.vjp_bwd should return None or a dict of backward-pass log entries, got tuple$",
    ):
        grad(vjp_bwd=returning)
    assert jnp.allclose(grad(vjp_bwd=lambda *a: accumulating(*a) or {}), jnp.cos(X))


@claim(
    "jax 0.10 (VJPHiPrimitive) accepts only None and fails on any other return value with a bare AssertionError that has no message",
    versions=("0.10",),
)
def old_assertion():
    with raises(AssertionError, "^$"):
        grad(vjp_bwd=returning)
    with raises(AssertionError, "^$"):
        grad(vjp_bwd=lambda *a: accumulating(*a) or {})


@claim(
    "A vjp_bwd that returns None without calling accum on an argument's accumulator is accepted and silently gives that argument a zero gradient"
)
def no_accum_zero_gradient():
    assert (grad(vjp_bwd=lambda self, x, g, acc: None) == 0).all()


@claim("If you want the classic return-based API, implement vjp_bwd_retval instead")
def retval_style():
    assert jnp.allclose(grad(vjp_bwd_retval=lambda self, x, g: (g * jnp.cos(x),)), jnp.cos(X))
