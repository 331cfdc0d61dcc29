"""Claims of data/api/jax.custom_jvp.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def softplus():
    @jax.custom_jvp
    def f(x):
        return jnp.log1p(jnp.exp(x))

    @f.defjvp
    def f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return f(x), jax.nn.sigmoid(x) * t

    return f


@claim("A custom JVP rule serves both forward and reverse mode")
def both_modes():
    f = softplus()
    assert jnp.allclose(jax.grad(f)(0.5), jax.nn.sigmoid(0.5))
    assert jnp.allclose(jax.jvp(f, (0.5,), (1.0,))[1], jax.nn.sigmoid(0.5))


@claim("custom_jvp works in every mode and order (jax.jvp, jax.jacfwd, jax.hessian)")
def every_mode():
    f = softplus()
    s = jax.nn.sigmoid(0.5)
    assert jnp.allclose(jax.jacfwd(f)(0.5), s)
    assert jnp.allclose(jax.hessian(f)(0.5), s * (1 - s))


@claim(
    "custom_vjp has reverse mode and forward-over-reverse (jax.hessian works) but no forward mode (jax.jvp and jax.jacfwd fail)"
)
def custom_vjp_modes():
    f = jax.custom_vjp(jnp.sin)
    f.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
    assert jnp.allclose(jax.hessian(f)(1.0), -jnp.sin(1.0))
    for forward in (lambda: jax.jvp(f, (1.0,), (1.0,)), lambda: jax.jacfwd(f)(1.0)):
        with raises(TypeError, "can't apply forward-mode autodiff"):
            forward()


@claim("the tangent output must be linear in the input tangents")
def nonlinear_tangent_fails_in_reverse():
    @jax.custom_jvp
    def f(x):
        return jnp.sin(x)

    f.defjvp(lambda p, t: (jnp.sin(p[0]), t[0] * t[0]))
    assert jax.jvp(f, (1.0,), (2.0,))[1] == 4.0  # forward mode runs the rule as written
    with raises(Exception):
        jax.grad(f)(1.0)
