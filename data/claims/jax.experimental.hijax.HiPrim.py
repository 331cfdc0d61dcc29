"""Claims of data/api/jax.experimental.hijax.HiPrim.json."""

import jax
import jax.experimental.hijax as hijax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)
FWD = lambda self, nzs, x: (jnp.sin(x), x)


@claim(
    "jax 0.12 exports the class as jax.experimental.hijax.HiPrim. jax 0.10 exports VJPHiPrimitive instead (no HiPrim)"
)
def names():
    new = jax.__version__.startswith("0.12")
    assert hasattr(hijax, "HiPrim") is new
    assert hasattr(hijax, "VJPHiPrimitive") is not new


@claim("expand(*args) implements the operation with ordinary JAX code")
def expand():
    assert jnp.allclose(hi_primitive()(X), jnp.sin(X))
    assert jnp.allclose(jax.jit(hi_primitive())(X), jnp.sin(X))


@claim(
    "or set `vjp_fwd, vjp_bwd_retval = vjp_from_jvp` (or vjp_from_lin) in the class body to derive them from jvp or lin",
    versions=("0.12",),
)
def derived():
    fwd, bwd = hijax.vjp_from_jvp
    f = hi_primitive(
        jvp=lambda self, p, t: (self(p[0]), jnp.cos(p[0]) * t[0]), vjp_fwd=fwd, vjp_bwd_retval=bwd
    )
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))


@claim("Forward mode needs jvp, or lin and linearized; vmap needs batch.")
def forward_and_vmap_rules():
    f = hi_primitive(vjp_fwd=FWD, vjp_bwd_retval=lambda self, x, g: (g * jnp.cos(x),))
    with raises(NotImplementedError, "jvp"):
        jax.jvp(f, (X,), (X,))
    with raises(NotImplementedError, "batch"):
        jax.vmap(f)(jnp.ones((3, 2)))


@claim(
    "vjp_bwd must return None (0.12 also accepts a dict of backward-pass logs), a subclass may not override both vjp_bwd and vjp_bwd_retval, and there are no vjp_from_jvp / vjp_from_lin helpers.",
    versions=("0.10",),
)
def old_differences():
    both = hi_primitive(
        vjp_fwd=FWD,
        vjp_bwd=lambda self, x, g, acc: acc.accum(g * jnp.cos(x)),
        vjp_bwd_retval=lambda self, x, g: (g * jnp.cos(x),),
    )
    with raises(AttributeError, "should not override both `vjp_bwd` and `vjp_bwd_retval`"):
        both(X)
    assert not hasattr(hijax, "vjp_from_jvp") and not hasattr(hijax, "vjp_from_lin")
