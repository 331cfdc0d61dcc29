"""Claims of data/records/grad-int-output.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises


@claim("JAX refuses instead of returning zeros")
def refused():
    with raises(TypeError, "requires real-valued outputs .* but got int32"):
        jax.grad(lambda x: jnp.sum(x > 0).astype(jnp.int32))(jnp.ones(3))
    with raises(TypeError, "but got bool"):
        jax.grad(lambda x: x > 0)(1.0)


@claim("use jax.vjp directly with a float0 cotangent")
def vjp_float0():
    _, f_vjp = jax.vjp(lambda x: jnp.round(x).astype(jnp.int32), 1.0)
    (ct,) = f_vjp(np.zeros((), dtype=jax.dtypes.float0))
    assert ct == 0.0


@claim("Return the metric as auxiliary output (`has_aux=True`)")
def as_aux():
    g, acc = jax.grad(lambda x: (jnp.sum(x**2), jnp.sum(x > 0)), has_aux=True)(jnp.ones(3))
    assert acc == 3 and (g == 2).all()
