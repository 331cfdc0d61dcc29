"""Claims of data/api/jax.experimental.hijax.HiPrim.vjp_fwd.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive

X = jnp.ones(2)
RETVAL = lambda self, x, g: (g * jnp.cos(x),)


@claim("nzs_in mirrors the arguments' pytree structure with a bool per leaf")
def nzs_in():
    seen = []

    def fwd(self, nzs, x):
        seen.append(nzs)
        return jnp.sin(x), x

    jax.grad(lambda x: hi_primitive(vjp_fwd=fwd, vjp_bwd_retval=RETVAL)(x).sum())(X)
    assert seen[0] in (True, (True,)) or bool(jax.tree.leaves(seen[0])[0])


@claim("Optionally return nzs_out (bools like out: which outputs have nonzero cotangents)")
def with_nzs_out():
    f = hi_primitive(vjp_fwd=lambda self, nzs, x: (jnp.sin(x), x, True), vjp_bwd_retval=RETVAL)
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))


@claim(
    "returning sres requires overriding vjp_bwd with the signature vjp_bwd(res, sres, outgrad, *arg_accums)",
    versions=("0.12",),
)
def structured_residuals():
    def bwd(self, res, sres, g, acc):
        acc.accum(g * jnp.cos(res) * sres)

    f = hi_primitive(vjp_fwd=lambda self, nzs, x: (jnp.sin(x), x, True, 2.0), vjp_bwd=bwd)
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), 2.0 * jnp.cos(X))
