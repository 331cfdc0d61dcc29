"""Claims of data/api/jax.experimental.hijax.HiPrim.vjp_bwd_retval.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)
FWD = lambda self, nzs, x: (jnp.sin(x), x)
ACCUM = lambda self, x, g, acc: acc.accum(g * jnp.cos(x))
WRONG = lambda self, x, g: (100.0 * g,)


@claim("The default vjp_bwd calls it and adds each returned value into the matching accumulator.")
def default_calls_it():
    f = hi_primitive(vjp_fwd=FWD, vjp_bwd_retval=lambda self, x, g: (g * jnp.cos(x),))
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))


@claim(
    "in 0.12 an overridden vjp_bwd wins and a vjp_bwd_retval defined beside it is silently never called",
    versions=("0.12",),
)
def overridden_vjp_bwd_wins():
    f = hi_primitive(vjp_fwd=FWD, vjp_bwd=ACCUM, vjp_bwd_retval=WRONG)
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))


@claim(
    "in 0.10 overriding both is an AttributeError when the primitive is constructed",
    versions=("0.10",),
)
def both_is_error():
    f = hi_primitive(vjp_fwd=FWD, vjp_bwd=ACCUM, vjp_bwd_retval=WRONG)
    with raises(AttributeError, "should not override both"):
        f.cls(jax.typeof(X))
