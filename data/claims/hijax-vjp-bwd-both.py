"""Claims of data/records/hijax-vjp-bwd-both.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)
FWD = lambda self, nzs, x: (jnp.sin(x), x)
# The two methods give different gradients, so which one JAX calls shows in the result.
BOTH = {
    "vjp_fwd": FWD,
    "vjp_bwd": lambda self, x, g, acc: acc.accum(g * 2.0),
    "vjp_bwd_retval": lambda self, x, g: (g * jnp.cos(x),),
}


@claim(
    "jax 0.10.2 (up to 0.11.1) refuses the class when an instance is made, in `VJPHiPrimitive.__init__`",
    versions=("0.10",),
)
def refused_on_construction():
    with raises(AttributeError, "should not override both `vjp_bwd` and `vjp_bwd_retval`"):
        hi_primitive(**BOTH)(X)


@claim(
    "jax 0.12 raises nothing: it calls `vjp_bwd` and never calls `vjp_bwd_retval`",
    versions=("0.12",),
)
def silent_in_012():
    f = hi_primitive(**BOTH)
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), 2.0)
    assert jnp.allclose(jax.vjp(f, X)[1](jnp.ones(2))[0], 2.0)
