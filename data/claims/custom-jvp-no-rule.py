"""Claims of data/records/custom-jvp-no-rule.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim("Any call fails, not only differentiation")
def any_call_fails():
    f = jax.custom_jvp(lambda x: jnp.sin(x))
    with raises(AttributeError, "No JVP defined for custom_jvp function <lambda> using defjvp"):
        f(1.0)


@claim(
    "calling defvjp on a custom_jvp function fails earlier, with \"'function' object has no attribute 'defvjp'\""
)
def defvjp_is_another_error():
    f = jax.custom_jvp(lambda x: jnp.sin(x))
    with raises(AttributeError, "'function' object has no attribute 'defvjp'"):
        f.defvjp(lambda x: (x, x), lambda r, g: (g,))


@claim("For element-wise rules, use `f.defjvps(lambda t, ans, x: ... * t)`.")
def defjvps_rule():
    f = jax.custom_jvp(jnp.sin)
    f.defjvps(lambda t, ans, x: jnp.cos(x) * t)
    assert jnp.allclose(jax.grad(f)(1.0), jnp.cos(1.0))
