"""Claims of data/records/tracer-bool-conversion.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

TBE = jax.errors.TracerBoolConversionError


def clipped(x):
    return x if x < 1.0 else 1.0


@claim(
    "Under jax.grad alone such a branch usually works, so the error often appears only when the step is also jitted."
)
def grad_alone_works():
    assert jax.grad(clipped)(0.5) == 1.0
    with raises(TBE, "Attempted boolean conversion of traced array"):
        jax.jit(jax.grad(clipped))(0.5)


@claim("`assert jnp.all(x > 0)` inside jit; `x and y` or `not mask` on arrays")
def assert_and_not():
    def checked(x):
        assert jnp.all(x > 0)
        return x

    with raises(TBE):
        jax.jit(checked)(jnp.ones(2))
    with raises(TBE):
        jax.jit(lambda m: not m)(True)


@claim("`max()`/`min()` builtins or `sorted` on traced scalars")
def builtins():
    with raises(TBE):
        jax.jit(lambda a, b: max(a, b))(1.0, 2.0)


@claim(
    "`jnp.where(cond, a, b)` computes both sides and selects element-wise (and is differentiable)"
)
def where():
    assert jax.jit(jax.grad(lambda x: jnp.where(x < 1.0, x, 1.0)))(0.5) == 1.0


@claim("use `jax.lax.cond(pred, true_fun, false_fun, *operands)`")
def cond():
    assert (
        jax.jit(jax.grad(lambda x: jax.lax.cond(x < 1.0, lambda v: v, lambda v: 1.0 + 0 * v, x)))(
            0.5
        )
        == 1.0
    )
