"""Claims of data/records/custom-vjp-nondiff-tracer.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "Found a JAX Tracer object passed as an argument to a custom_vjp function in a position indicated by nondiff_argnums"


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_gradient(x, max_norm):
    return x


clip_gradient.defvjp(lambda x, m: (x, None), lambda m, r, g: (jnp.clip(g, -m, m),))


@claim(
    "A Python float passed eagerly works, which is why the code often breaks only once it is wrapped in jit or vmap."
)
def eager_float_works():
    assert jax.grad(clip_gradient)(1.0, 0.5) == 0.5
    with raises(jax.errors.UnexpectedTracerError, MESSAGE):
        jax.jit(jax.grad(clip_gradient))(1.0, 0.5)
    with raises(jax.errors.UnexpectedTracerError, MESSAGE):
        jax.vmap(clip_gradient, in_axes=(None, 0))(1.0, jnp.ones(2))


@claim(
    "Make the value a regular argument: drop it from nondiff_argnums, store it in fwd's residuals and return None as its cotangent from bwd"
)
def regular_argument():
    f = jax.custom_vjp(lambda x, m: x)
    f.defvjp(lambda x, m: (x, m), lambda m, g: (jnp.clip(g, -m, m), None))
    assert jax.jit(jax.grad(f))(1.0, 0.5) == 0.5


@claim('mark it static in the enclosing jit (`static_argnames=("max_norm",)`)')
def static_in_jit():
    assert jax.jit(jax.grad(clip_gradient), static_argnames=("max_norm",))(1.0, max_norm=0.5) == 0.5
