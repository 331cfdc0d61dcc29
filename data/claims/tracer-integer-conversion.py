"""Claims of data/records/tracer-integer-conversion.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

TIE = jax.errors.TracerIntegerConversionError


def inner(w, n_steps):
    for _ in range(n_steps):
        w = w - 0.1 * w
    return w


@claim("jax.grad alone does not cause it; the jit around it does")
def jit_causes_it():
    jax.grad(inner)(1.0, 3)
    with raises(TIE, "The __index__\\(\\) method was called on traced array"):
        jax.jit(jax.grad(inner))(1.0, 3)


@claim("`layers[i]` or `params_list[idx]` with a traced i")
def list_index():
    with raises(TIE):
        jax.jit(lambda i: [1.0, 2.0][i])(1)


@claim("Mark the argument static when it is a configuration value")
def static():
    assert jnp.allclose(jax.jit(jax.grad(inner), static_argnames="n_steps")(1.0, n_steps=3), 0.9**3)


@claim(
    "`jax.lax.fori_loop(0, n, body, init)` (forward only with a traced n: reverse-mode needs Python-int bounds)"
)
def fori_forward_only():
    loop = lambda w, n: jax.lax.fori_loop(0, n, lambda i, w: 0.9 * w, w)
    assert jnp.allclose(
        jax.jit(lambda w, n: jax.jvp(lambda w: loop(w, n), (w,), (1.0,))[1])(1.0, 3), 0.9**3
    )
    with raises(ValueError, "Reverse-mode differentiation does not work"):
        jax.jit(jax.grad(loop))(1.0, 3)


@claim("or use `jax.lax.switch(i, branches, x)`")
def switch():
    assert jax.jit(lambda i, x: jax.lax.switch(i, [lambda v: v, lambda v: 2 * v], x))(1, 3.0) == 6.0
