"""Claims of data/records/custom-vjp-forward-mode.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "can't apply forward-mode autodiff \\(jvp\\) to a custom_vjp function"
f = jax.custom_vjp(jnp.sin)
f.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))


@claim(
    "Forward-mode differentiation (jax.jvp, jax.jacfwd, or applying the function jax.linearize returned)"
)
def forward_modes_fail():
    with raises(TypeError, MESSAGE):
        jax.jvp(f, (1.0,), (1.0,))
    with raises(TypeError, MESSAGE):
        jax.jacfwd(f)(1.0)


@claim("jax.linearize itself succeeds, and the error comes when its linear function is applied")
def linearize_fails_late():
    y, f_jvp = jax.linearize(f, 1.0)
    assert jnp.allclose(y, jnp.sin(1.0))
    with raises(TypeError, MESSAGE):
        f_jvp(1.0)


@claim(
    "A custom_vjp function supports reverse mode (jax.grad, jax.vjp, jax.jacrev) and forward-over-reverse (jax.hessian, jax.jvp of jax.grad)"
)
def reverse_and_forward_over_reverse():
    c = jnp.cos(1.0)
    assert jnp.allclose(jax.grad(f)(1.0), c) and jnp.allclose(jax.jacrev(f)(1.0), c)
    assert jnp.allclose(jax.vjp(f, 1.0)[1](1.0)[0], c)
    assert jnp.allclose(jax.hessian(f)(1.0), -jnp.sin(1.0))
    assert jnp.allclose(jax.jvp(jax.grad(f), (1.0,), (1.0,))[1], -jnp.sin(1.0))


@claim(
    "write it with @jax.custom_jvp instead: JAX derives reverse mode from a JVP rule by transposition"
)
def custom_jvp_both():
    g = jax.custom_jvp(jnp.sin)
    g.defjvp(lambda p, t: (jnp.sin(p[0]), jnp.cos(p[0]) * t[0]))
    assert jnp.allclose(jax.jacfwd(g)(1.0), jax.grad(g)(1.0))
