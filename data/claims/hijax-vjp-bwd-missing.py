"""Claims of data/records/hijax-vjp-bwd-missing.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)
FWD = lambda self, nzs, x: (jnp.sin(x), x)


@claim(
    "the base class's `vjp_bwd` falls back to `vjp_bwd_retval(res, g)`, and the base `vjp_bwd_retval` raises this error"
)
def missing_backward():
    with raises(
        NotImplementedError,
        "for grad support, subclass .*SinPrim.* must implement `vjp_bwd` or `vjp_bwd_retval`",
    ):
        jax.grad(lambda x: hi_primitive(vjp_fwd=FWD)(x).sum())(X)


@claim("jax 0.10.2 words it without the hint about derived rules", versions=("0.10",))
def old_wording():
    with raises(NotImplementedError, "must implement `vjp_bwd` or `vjp_bwd_retval`$"):
        jax.grad(lambda x: hi_primitive(vjp_fwd=FWD)(x).sum())(X)


@claim("Override only one of the two.")
def one_of_two():
    f = hi_primitive(vjp_fwd=FWD, vjp_bwd=lambda self, x, g, acc: acc.accum(g * jnp.cos(x)))
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))
