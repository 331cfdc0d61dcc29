"""Claims of data/records/ref-set-nondiff.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "performing a set/swap operation with a differentiated value on a non-differentiated array reference"


@claim(
    "a write (`ref[...] = v`, and also `ref[...] += v`) of a value that carries a tangent needs somewhere to put that tangent; a Ref that is not a differentiated input has none, so JAX raises a plain `Exception` at the write"
)
def set_and_add():
    log = jax.new_ref(jnp.zeros(()))

    def store(x):
        log[...] = x * 2
        return x**2

    def add(x):
        log[...] += x * 2
        return x**2

    for f in (store, add):
        with raises(Exception, MESSAGE):
            jax.grad(f)(1.0)
    with raises(Exception, MESSAGE):
        jax.jvp(store, (1.0,), (1.0,))


@claim("a Ref argument that jax.grad does not differentiate (outside argnums) fails the same way")
def argument_outside_argnums():
    def f(x, log):
        log[...] = x * 2
        return x**2

    with raises(Exception, MESSAGE):
        jax.grad(f)(1.0, jax.new_ref(jnp.zeros(())))


@claim("Write a value without a derivative: `ref[...] = jax.lax.stop_gradient(h)`")
def stop_gradient():
    log = jax.new_ref(jnp.zeros(()))

    def f(x):
        log[...] = jax.lax.stop_gradient(x * 2)
        return x**2

    assert jax.grad(f)(1.0) == 2.0 and log[...] == 2.0
