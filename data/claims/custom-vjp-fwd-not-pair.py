"""Claims of data/records/custom-vjp-fwd-not-pair.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "Custom VJP fwd rule .* must produce a pair \\(list or tuple of length two\\)"


def grad_with(fwd):
    f = jax.custom_vjp(jnp.log)
    f.defvjp(fwd, lambda x, g: (g / x,))
    return jax.grad(f)(2.0)


@claim("JAX calls the fwd rule when jax.grad or jax.vjp differentiates the function")
def only_under_differentiation():
    f = jax.custom_vjp(jnp.log)
    f.defvjp(lambda x: jnp.log(x), lambda x, g: (g / x,))
    f(2.0)
    with raises(TypeError, MESSAGE):
        jax.grad(f)(2.0)


@claim(
    "one that returns the output and several residuals as a flat tuple (`return y, x, y`, length three)"
)
def three_fails():
    with raises(TypeError, MESSAGE):
        grad_with(lambda x: (jnp.log(x), x, x))


@claim("If the bwd rule needs nothing, still return a pair: `return y, None`.")
def none_residuals():
    f = jax.custom_vjp(lambda x: 2 * x)
    f.defvjp(lambda x: (2 * x, None), lambda r, g: (2 * g,))
    assert jax.grad(f)(1.0) == 2.0
