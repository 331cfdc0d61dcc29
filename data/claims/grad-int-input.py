"""Claims of data/records/grad-int-input.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim("jnp.array(10), jnp.arange(n) and Python ints converted by JAX are int32")
def int32_by_default():
    assert jnp.array(10).dtype == jnp.int32 and jnp.arange(3).dtype == jnp.int32
    with raises(TypeError, "requires real- or complex-valued inputs .* but got int32"):
        jax.grad(lambda x: x * 1.0)(jnp.array(10))


@claim("including each leaf of a pytree")
def pytree_leaf():
    with raises(TypeError, "but got int32"):
        jax.grad(lambda p: p["w"] * p["step"])({"w": 1.0, "step": jnp.array(3)})


@claim("pass `allow_int=True`: its gradient is a float0 array of zeros")
def allow_int_float0():
    g = jax.grad(lambda x: x * 1.0, allow_int=True)(jnp.int32(2))
    assert g.dtype == jax.dtypes.float0


@claim("Differentiate only the floating-point arguments")
def argnums_float_only():
    assert jax.grad(lambda w, step: w * step, argnums=0)(1.0, jnp.array(3)) == 3.0
