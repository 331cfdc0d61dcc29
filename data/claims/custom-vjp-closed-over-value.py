"""Claims of data/records/custom-vjp-closed-over-value.json."""

import jax

from tests.claims import claim, raises


def loss(scale, x):
    @jax.custom_vjp
    def f(x):
        return x * scale

    f.defvjp(lambda x: (x * scale, None), lambda r, g: (g * scale,))
    return f(x)


@claim(
    "JAX detects this when a function that was staged out (for example under jax.jit) is differentiated and a closed-over value turns out to carry a tangent"
)
def detected_under_jit():
    with raises(
        Exception,
        "Detected differentiation of a custom_vjp function with respect to a closed-over value",
    ):
        jax.grad(lambda s, x: jax.jit(loss)(s, x))(2.0, 3.0)


@claim(
    "Without jit the same code typically fails differently, with an UnexpectedTracerError about a leaked tracer."
)
def eager_leaks():
    with raises(jax.errors.UnexpectedTracerError):
        jax.grad(loss)(2.0, 3.0)


@claim(
    "Pass the value into the custom_vjp function as an explicit argument, keep it in the residuals of fwd, and return its cotangent from bwd"
)
def explicit_argument():
    f = jax.custom_vjp(lambda x, scale: x * scale)
    f.defvjp(lambda x, s: (x * s, (x, s)), lambda r, g: (g * r[1], g * r[0]))
    assert jax.grad(lambda s, x: jax.jit(f)(x, s))(2.0, 3.0) == 3.0
