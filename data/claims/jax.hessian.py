"""Claims of data/api/jax.hessian.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises

X = jnp.array([1.0, 2.0])


@claim("Hessian of a scalar function, computed as jacfwd(jacrev(fun)).")
def forward_over_reverse():
    f = lambda x: jnp.sum(x**3)
    assert jnp.allclose(jax.hessian(f)(X), jax.jacfwd(jax.jacrev(f))(X))


@claim("For a jax.custom_vjp function this works")
def custom_vjp():
    f = jax.custom_vjp(lambda x: jnp.sum(jnp.sin(x)))
    f.defvjp(lambda x: (jnp.sum(jnp.sin(x)), x), lambda x, g: (g * jnp.cos(x),))
    assert jnp.allclose(jax.hessian(f)(X), jnp.diag(-jnp.sin(X)))


@claim("so the bwd rule itself must be differentiable (no pure_callback, no integer tricks)")
def bwd_with_callback():
    f = jax.custom_vjp(lambda x: jnp.sum(jnp.sin(x)))
    host_cos = lambda x: jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    f.defvjp(lambda x: (jnp.sum(jnp.sin(x)), x), lambda x, g: (g * host_cos(x),))
    jax.grad(f)(X)
    with raises(ValueError, "Pure callbacks do not support JVP"):
        jax.hessian(f)(X)


@claim(
    "The output of fun must be real (floating point); for an array output the result holds one Hessian per output entry, with shape out.shape + x.shape + x.shape."
)
def array_output():
    assert jax.hessian(lambda x: x**3)(X).shape == (2, 2, 2)
    with raises(TypeError):
        jax.hessian(lambda x: jnp.sum(x) * 1j)(X)
