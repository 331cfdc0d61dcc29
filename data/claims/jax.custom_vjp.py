"""Claims of data/api/jax.custom_vjp.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones(3, jnp.float32)


def grad_with(bwd):
    f = jax.custom_vjp(lambda x: 2.0 * x)
    f.defvjp(lambda x: (2.0 * x, None), bwd)
    return jax.grad(lambda x: f(x).sum())(X)


@claim("(None is accepted for a zero cotangent)")
def none_zero():
    assert (grad_with(lambda r, g: (None,)) == 0).all()


@claim(
    "JAX checks the structure and the shapes when the rule runs and names the argument when they do not hold (jax 0.12 also names the rule); a float cotangent of another dtype is not reported, it is accepted silently and becomes the gradient's dtype."
)
def what_is_checked():
    named = "attached to <lambda> at " if jax.__version__.startswith("0.12") else ""
    with raises(ValueError, f"Custom VJP bwd rule {named}.*at output\\[0\\]"):
        grad_with(lambda r, g: (jnp.sum(g),))
    with raises(TypeError, "same container \\(pytree\\) structure"):
        grad_with(lambda r, g: 2.0 * g)
    assert grad_with(lambda r, g: ((2.0 * g).astype(jnp.float16),)).dtype == jnp.float16


@claim(
    "those arguments are passed first to bwd, before the residuals, and bwd returns cotangents only for the remaining arguments"
)
def nondiff():
    @functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
    def apply(fn, x):
        return fn(x)

    apply.defvjp(lambda fn, x: (fn(x), x), lambda fn, x, g: (g * jax.grad(fn)(x),))
    assert jnp.allclose(jax.grad(lambda x: apply(jnp.sin, x))(1.0), jnp.cos(1.0))


@claim(
    'jax.jvp and jax.jacfwd fail with "can\'t apply forward-mode autodiff (jvp) to a custom_vjp function" (jax.hessian works: it differentiates the rules)'
)
def modes():
    f = jax.custom_vjp(jnp.sin)
    f.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
    with raises(TypeError, "can't apply forward-mode autodiff \\(jvp\\) to a custom_vjp function"):
        jax.jvp(f, (1.0,), (1.0,))
    with raises(TypeError, "can't apply forward-mode autodiff"):
        jax.jacfwd(f)(1.0)
    assert jnp.allclose(jax.hessian(f)(1.0), -jnp.sin(1.0))
