"""Claims of data/records/pure-callback-jvp.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises


def host_log1p(x):
    return jax.pure_callback(
        lambda v: np.sign(v) * np.log1p(np.abs(v)), jax.ShapeDtypeStruct(x.shape, x.dtype), x
    )


@claim("jax.grad, jax.jvp and every other derivative fail when they reach the callback")
def derivatives_fail():
    with raises(ValueError, "Pure callbacks do not support JVP"):
        jax.grad(lambda x: host_log1p(x).sum())(jnp.ones(2))
    with raises(ValueError, "Pure callbacks do not support JVP"):
        jax.jvp(host_log1p, (jnp.ones(2),), (jnp.ones(2),))


@claim("Wrap the callback in a @jax.custom_jvp function and give the derivative in its defjvp rule")
def custom_jvp_wrapper():
    f = jax.custom_jvp(host_log1p)
    f.defjvp(lambda p, t: (f(p[0]), t[0] / (1.0 + jnp.abs(p[0]))))
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(jnp.ones(2)), 0.5)


@claim("cut the gradient with jax.lax.stop_gradient on its input when none is needed")
def stop_gradient():
    jax.grad(lambda x: (x * host_log1p(jax.lax.stop_gradient(x))).sum())(jnp.ones(2))
