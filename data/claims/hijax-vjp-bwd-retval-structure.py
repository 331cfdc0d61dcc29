"""Claims of data/records/hijax-vjp-bwd-retval-structure.json."""

import jax
import jax.experimental.hijax as hijax
import jax.numpy as jnp

from tests.claims import claim, raises

BASE = getattr(hijax, "HiPrim", None) or hijax.VJPHiPrimitive


def product(retval):
    """x * y as a two-input hijax primitive whose vjp_bwd_retval is ``retval(x, y, g)``."""

    class Mul(BASE):
        def __init__(self, x_aval, y_aval):
            self.in_avals, self.out_aval, self.params = (x_aval, y_aval), x_aval, {}
            super().__init__()

        def expand(self, x, y):
            return x * y

        def vjp_fwd(self, nzs_in, x, y):
            return x * y, (x, y)

        def vjp_bwd_retval(self, res, g):
            return retval(*res, g)

    return lambda x, y: Mul(jax.typeof(x), jax.typeof(y))(x, y)


def grad_of(retval):
    mul = product(retval)
    return jax.grad(lambda x, y: mul(x, y).sum(), argnums=(0, 1))(jnp.ones(2), jnp.ones(2))


@claim(
    "jax 0.12 raises `Tuple arity mismatch: 1 != 2; tuple: (...)` for a tuple of the wrong length",
    versions=("0.12",),
)
def arity_012():
    with raises(ValueError, r"^Tuple arity mismatch: 1 != 2; tuple: \("):
        grad_of(lambda x, y, g: (g * y,))


@claim("and `Expected tuple, got Array(...)` for a bare array", versions=("0.12",))
def bare_012():
    with raises(ValueError, r"^Expected tuple, got Array\("):
        grad_of(lambda x, y, g: g * y)


@claim("jax 0.10.2 raises `pytree structure error: ...` for both", versions=("0.10",))
def both_010():
    for retval in (lambda x, y, g: (g * y,), lambda x, y, g: g * y):
        with raises(ValueError, "^pytree structure error: "):
            grad_of(retval)


@claim("Return a tuple with one cotangent per entry of `in_avals`, in the same order")
def one_per_input():
    gx, gy = grad_of(lambda x, y, g: (g * y, g * x))
    assert jnp.allclose(gx, 1.0) and jnp.allclose(gy, 1.0)
