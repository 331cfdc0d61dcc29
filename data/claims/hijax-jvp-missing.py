"""Claims of data/records/hijax-jvp-missing.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)
REVERSE = {
    "vjp_fwd": lambda self, nzs, x: (jnp.sin(x), x),
    "vjp_bwd_retval": lambda self, x, g: (g * jnp.cos(x),),
}


@claim(
    "Reverse-mode rules (`vjp_fwd` and a backward rule) do not give forward mode, so a primitive can work under jax.grad and still fail here."
)
def reverse_only():
    f = hi_primitive(**REVERSE)
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))
    with raises(NotImplementedError, "for jvp support, subclass .*SinPrim.* must implement `jvp`"):
        jax.jvp(f, (X,), (X,))


@claim("jax.jacfwd also vmaps the jvp rule over basis tangents, so it needs a `batch` rule as well")
def jacfwd_needs_batch():
    f = hi_primitive(jvp=lambda self, p, t: (self(p[0]), jnp.cos(p[0]) * t[0]), **REVERSE)
    assert jnp.allclose(jax.jvp(f, (X,), (X,))[1], jnp.cos(X))
    with raises(NotImplementedError, "batch"):
        jax.jacfwd(f)(X)
