"""Claims of data/records/hijax-transpose-log-type.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(3)


def returning(self, ct, acc):
    acc.accum(2.0 * ct)
    return (2.0 * ct,)


def transpose_with(rule):
    double = hi_primitive(expand=lambda self, x: 2.0 * x, transpose=rule)
    return jax.linear_transpose(double, X)(X)


@claim("returning the cotangent itself is an error", versions=("0.12",))
def returning_fails():
    with raises(
        TypeError,
        "SinPrim.transpose should return None or a dict of backward-pass log entries, got tuple",
    ):
        transpose_with(returning)


@claim(
    "jax 0.10.2 fails the same code with a bare AssertionError (it asserts the rule returned None)",
    versions=("0.10",),
)
def old_assertion():
    with raises(AssertionError, "^$"):
        transpose_with(returning)


@claim("Accumulate each input's cotangent with `x_acc.accum(ct)` and return nothing (None).")
def accumulate_only():
    (ct,) = transpose_with(lambda self, ct, acc: acc.accum(2.0 * ct))
    assert (ct == 2.0).all()
