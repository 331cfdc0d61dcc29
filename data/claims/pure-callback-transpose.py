"""Claims of data/records/pure-callback-transpose.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises

X = jnp.ones(2)
SHAPE = jax.ShapeDtypeStruct((2,), jnp.float32)


def host_tangent():
    f = jax.custom_jvp(lambda x: jax.pure_callback(np.sin, SHAPE, x))

    @f.defjvp
    def f_jvp(p, t):
        out = f(p[0])
        return out, jax.pure_callback(lambda x, t: np.cos(x) * t, SHAPE, p[0], t[0])

    return f


@claim(
    "forward mode (jax.jvp) works, but jax.grad linearizes the rule and then runs the linear part backwards"
)
def forward_works_reverse_fails():
    f = host_tangent()
    assert jnp.allclose(jax.jvp(f, (X,), (X,))[1], jnp.cos(X))
    with raises(ValueError, "Pure callbacks do not support transpose"):
        jax.grad(lambda x: f(x).sum())(X)


@claim("compute the derivative (or Jacobian) on the host from x, then return `slope * t`")
def host_slope():
    f = jax.custom_jvp(lambda x: jax.pure_callback(np.sin, SHAPE, x))
    f.defjvp(lambda p, t: (f(p[0]), jax.pure_callback(np.cos, SHAPE, p[0]) * t[0]))
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))


@claim(
    "`bwd(res, g)` computes the vector-Jacobian product on the host with `jax.pure_callback`, so no transpose is needed"
)
def custom_vjp_host():
    f = jax.custom_vjp(lambda x: jax.pure_callback(np.sin, SHAPE, x))
    f.defvjp(
        lambda x: (f(x), x),
        lambda x, g: (jax.pure_callback(lambda x, g: np.cos(x) * g, SHAPE, x, g),),
    )
    assert jnp.allclose(jax.grad(lambda x: f(x).sum())(X), jnp.cos(X))
