"""Claims of data/records/hijax-structured-residuals.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(3)


def unpacked(self, nzs, x):
    return jnp.sin(x), x, x, x


def grad(**methods):
    return jax.grad(lambda x: hi_primitive(**methods)(x).sum())(X)


@claim(
    "The usual cause is not structured residuals at all but residuals returned unpacked",
    versions=("0.12",),
)
def unpacked_residuals():
    with raises(
        TypeError,
        "SinPrim returned structured residuals from `vjp_fwd`, which requires overriding `vjp_bwd",
    ):
        grad(vjp_fwd=unpacked, vjp_bwd_retval=lambda self, res, g: (g * jnp.cos(res[0]),))


@claim(
    'jax 0.10.2 has no structured residuals: it takes the third value as `nzs_out` and the same bug fails there with "The truth value of an array with more than one element is ambiguous" (ValueError).',
    versions=("0.10",),
)
def old_truth_value():
    with raises(ValueError, "The truth value of an array with more than one element is ambiguous"):
        grad(vjp_fwd=unpacked, vjp_bwd_retval=lambda self, res, g: (g * jnp.cos(res[0]),))


@claim(
    "Return the residuals as one pytree: `return y, (x, s, y)`, and unpack them in the backward rule"
)
def packed():
    g = grad(
        vjp_fwd=lambda self, nzs, x: (jnp.sin(x), (x, x)),
        vjp_bwd_retval=lambda self, res, g: (g * jnp.cos(res[0]),),
    )
    assert jnp.allclose(g, jnp.cos(X))
