"""Claims of data/api/jax.experimental.io_callback.json."""

import jax
import jax.numpy as jnp
from jax.experimental import io_callback

from tests.claims import claim, raises


@claim("JAX keeps an io_callback even when its result is unused")
def kept_when_unused():
    calls = []

    def f(x):
        io_callback(lambda v: calls.append(1), None, x)
        return x * 2

    jax.jit(f)(1.0)
    assert calls == [1]


@claim("jax.grad, jax.jvp or jax.linearize through it fails with 'IO callbacks do not support JVP'")
def no_derivative():
    f = lambda x: (io_callback(lambda v: None, None, x), x**2)[1]
    for differentiate in (
        jax.grad(f),
        lambda x: jax.jvp(f, (x,), (x,)),
        lambda x: jax.linearize(f, x),
    ):
        with raises(ValueError, "IO callbacks do not support JVP"):
            differentiate(1.0)


@claim(
    "inside jax.checkpoint its effect is refused when differentiated ('Effects not supported in AD of `checkpoint`/`remat`'; jax 0.10 says 'in partial-eval of')"
)
def checkpoint_refused():
    def block(x):
        io_callback(lambda v: None, None, jax.lax.stop_gradient(x))
        return jnp.sin(x)

    with raises(
        NotImplementedError, "Effects not supported in (AD|partial-eval) of `checkpoint`/`remat`"
    ):
        jax.grad(jax.checkpoint(block))(1.0)


@claim(
    "For logging, call it on values wrapped in jax.lax.stop_gradient, or use jax.debug.callback / jax.debug.print, which autodiff passes through."
)
def logging():
    f = lambda x: (io_callback(lambda v: None, None, jax.lax.stop_gradient(x)), x**2)[1]
    assert jax.grad(f)(1.0) == 2.0
    g = lambda x: (jax.debug.callback(lambda v: None, x), x**2)[1]
    assert jax.grad(g)(1.0) == 2.0
