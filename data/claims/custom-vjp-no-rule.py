"""Claims of data/records/custom-vjp-no-rule.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim("JAX checks this on every call, not only under differentiation")
def every_call():
    f = jax.custom_vjp(lambda x: jnp.sin(x))
    with raises(AttributeError, "No VJP defined for custom_vjp function <lambda> using defvjp"):
        f(1.0)


@claim("rules belong to the object, not to the name")
def rules_per_object():
    f = jax.custom_vjp(jnp.sin)
    f.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
    g = jax.custom_vjp(jnp.sin)
    with raises(AttributeError, "No VJP defined"):
        g(1.0)
