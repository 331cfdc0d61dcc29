"""Claims of data/records/custom-jvp-rule-not-pair.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def tangent_only():
    f = jax.custom_jvp(jnp.sin)
    f.defjvp(lambda primals, tangents: jnp.cos(primals[0]) * tangents[0])
    return f


@claim(
    "JAX checks this when the rule runs, which is only under differentiation (jax.grad, jax.jvp, jax.jacfwd), so a plain call of the function works"
)
def plain_call_works():
    f = tangent_only()
    assert jnp.allclose(f(1.0), jnp.sin(1.0))
    for differentiate in (jax.grad(f), jax.jacfwd(f), lambda x: jax.jvp(f, (x,), (x,))):
        with raises(
            TypeError,
            "must produce a pair \\(list or tuple of length two\\) representing primal and tangent outputs",
        ):
            differentiate(1.0)


@claim(
    "attach it with `f.defjvps(lambda t, ans, x: df(x) * t)` instead of defjvp: defjvps builds the pair for you"
)
def defjvps_builds_pair():
    f = jax.custom_jvp(jnp.sin)
    f.defjvps(lambda t, ans, x: jnp.cos(x) * t)
    assert jnp.allclose(jax.grad(f)(1.0), jnp.cos(1.0))
