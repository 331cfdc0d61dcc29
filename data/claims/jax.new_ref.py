"""Claims of data/api/jax.new_ref.json."""

import inspect

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim(
    "Refs are read with ref[...] and written in place with ref[...] = v or ref[i] += v, also under jit."
)
def read_write():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = jnp.ones(3)
    r[1] += 2.0

    @jax.jit
    def bump():
        r[...] = r[...] * 2

    bump()
    assert (r[...] == jnp.array([2.0, 6.0, 2.0])).all()


@claim("a function may use refs internally and still be differentiated")
def internal_refs():
    def f(x):
        r = jax.new_ref(jnp.zeros(()))
        r[...] += x * x
        return r[...]

    assert jax.grad(f)(3.0) == 6.0


@claim("only non-differentiated values (wrap with jax.lax.stop_gradient) may be written into it")
def plumbing():
    log = jax.new_ref(jnp.zeros(()))

    def f(x, log):
        log[...] = jax.lax.stop_gradient(x)
        return x * x

    assert jax.grad(f)(3.0, log) == 6.0
    with raises(Exception, "non-differentiated array reference"):
        jax.grad(lambda x, log: (log.__setitem__(..., x), x * x)[1])(3.0, log)


@claim("pin is new in jax 0.12.")
def pin():
    params = inspect.signature(jax.new_ref).parameters
    assert ("pin" in params) is jax.__version__.startswith("0.12") and "kind" in params
