"""Claims of data/api/jax.experimental.hijax.HiPrim.vjp_bwd.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises

X = jnp.ones(2)
FWD = lambda self, nzs, x: (jnp.sin(x), x)


def grad(bwd):
    return jax.grad(lambda x: hi_primitive(vjp_fwd=FWD, vjp_bwd=bwd)(x).sum())(X)


@claim("call acc.accum(ct) to add that leaf's cotangent")
def accumulate():
    assert jnp.allclose(grad(lambda self, x, g, acc: acc.accum(g * jnp.cos(x))), jnp.cos(X))


@claim("Not calling accum means a zero cotangent.")
def no_accum_zero():
    assert (grad(lambda self, x, g, acc: None) == 0).all()


@claim(
    "or in jax 0.12 a dict of backward-pass log entries (read with f_vjp.with_logs)",
    versions=("0.12",),
)
def logs():
    def bwd(self, x, g, acc):
        acc.accum(g * jnp.cos(x))
        return {"norm": jnp.sum(g)}

    f = hi_primitive(vjp_fwd=FWD, vjp_bwd=bwd)
    _, f_vjp = jax.vjp(f, X)
    (ct,), found = f_vjp.with_logs(jnp.ones(2))
    assert jnp.allclose(ct, jnp.cos(X)) and "norm" in str(found)


@claim(
    "Returning the cotangents, as a classic custom_vjp bwd rule does, raises TypeError('MyPrim.vjp_bwd should return None or a dict ...')",
    versions=("0.12",),
)
def returning_fails():
    def bwd(self, x, g, acc):
        acc.accum(g * jnp.cos(x))
        return (g * jnp.cos(x),)

    with raises(TypeError, "SinPrim.vjp_bwd should return None or a dict"):
        grad(bwd)


@claim("jax 0.10 (VJPHiPrimitive), where the return must be None.", versions=("0.10",))
def old_none_only():
    with raises(AssertionError):
        grad(lambda self, x, g, acc: acc.accum(g * jnp.cos(x)) or {})


@claim(
    "Leaves whose gradient is not needed get a NullAccum, whose accum does nothing, so calling accum unconditionally is fine."
)
def null_accum():
    import jax.experimental.hijax as hijax

    base = getattr(hijax, "HiPrim", None) or hijax.VJPHiPrimitive
    seen = []

    class Mul(base):
        def __init__(self, a, b):
            self.in_avals, self.out_aval, self.params = (a, b), a, {}
            super().__init__()

        def expand(self, x, y):
            return x * y

        def vjp_fwd(self, nzs, x, y):
            return x * y, (x, y)

        def vjp_bwd(self, res, g, x_acc, y_acc):
            seen.append(type(y_acc).__name__)
            x_acc.accum(g * res[1])
            y_acc.accum(g * res[0])

    mul = lambda x, y: Mul(jax.typeof(x), jax.typeof(y))(x, y)
    assert jax.grad(lambda x: mul(x, 3.0))(2.0) == 3.0
    assert seen == ["NullAccum"]
