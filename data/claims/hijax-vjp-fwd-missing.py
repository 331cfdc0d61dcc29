"""Claims of data/records/hijax-vjp-fwd-missing.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)


@claim(
    "A primitive that defines just `expand` can be evaluated (JAX runs `expand`), but JAX does not differentiate through `expand`"
)
def expand_only():
    f = hi_primitive()
    assert jnp.allclose(f(X), jnp.sin(X))
    with raises(
        NotImplementedError, "for grad support, subclass .*SinPrim.* must implement `vjp_fwd`"
    ):
        jax.grad(lambda x: f(x).sum())(X)


@claim(
    "jax 0.10.2 (where the base class is VJPHiPrimitive) words it without the hint about derived rules",
    versions=("0.10",),
)
def old_wording():
    with raises(NotImplementedError, "must implement `vjp_fwd`$"):
        jax.grad(lambda x: hi_primitive()(x).sum())(X)
