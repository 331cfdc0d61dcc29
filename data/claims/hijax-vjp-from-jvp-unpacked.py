"""Claims of data/records/hijax-vjp-from-jvp-unpacked.json."""

import jax
import jax.experimental.hijax as hijax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)
JVP = lambda self, p, t: (self(p[0]), jnp.cos(p[0]) * t[0])


@claim(
    "with `vjp_fwd = vjp_from_jvp` the class's `vjp_fwd` is the pair itself, and calling it (jax.grad does, when it linearizes the primitive) raises this TypeError",
    versions=("0.12",),
)
def single_name_fails():
    f = hi_primitive(jvp=JVP, vjp_fwd=hijax.vjp_from_jvp)
    with raises(TypeError, "`vjp_from_jvp` is a pair of rules, not a single rule"):
        jax.grad(lambda x: f(x).sum())(X)


@claim(
    "Unpack the pair in the class body: `vjp_fwd, vjp_bwd_retval = vjp_from_jvp`",
    versions=("0.12",),
)
def unpacked_works():
    fwd, bwd = hijax.vjp_from_jvp
    f = hi_primitive(jvp=JVP, vjp_fwd=fwd, vjp_bwd_retval=bwd)
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))


@claim(
    "The derived rules are new in jax 0.12: jax 0.10.2 has neither `vjp_from_jvp` nor this error."
)
def new_in_012():
    assert hasattr(hijax, "vjp_from_jvp") is jax.__version__.startswith("0.12")
