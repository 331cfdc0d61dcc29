"""Claims of data/records/custom-jvp-defjvps-nondiff.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def softplus():
    @functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
    def f(x, beta):
        return jnp.log1p(jnp.exp(beta * x)) / beta

    return f


@claim("JAX raises at the defjvps call")
def raised_at_defjvps():
    with raises(TypeError, "Can't use ``defjvps`` with ``nondiff_argnums``"):
        softplus().defjvps(lambda t, ans, x, beta: t)


@claim("Use defjvp and take the non-differentiable arguments first")
def defjvp_nondiff_first():
    f = softplus()

    @f.defjvp
    def f_jvp(beta, primals, tangents):
        (x,), (t,) = primals, tangents
        return f(x, beta), jax.nn.sigmoid(beta * x) * t

    assert jnp.allclose(jax.grad(f)(0.0, 2.0), 0.5)


@claim("drop nondiff_argnums and keep defjvps, passing `None` as the rule for that argument")
def defjvps_with_none():
    f = jax.custom_jvp(lambda x, beta: jnp.log1p(jnp.exp(beta * x)) / beta)
    f.defjvps(lambda t, ans, x, beta: jax.nn.sigmoid(beta * x) * t, None)
    assert jnp.allclose(jax.grad(f)(0.0, 2.0), 0.5)
