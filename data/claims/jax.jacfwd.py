"""Claims of data/api/jax.jacfwd.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, hi_primitive, raises


@claim("It vmaps jax.jvp over the standard basis of the inputs")
def columns():
    f = lambda x: jnp.array([x[0] * x[1], jnp.sin(x[0])])
    x = jnp.array([1.0, 2.0])
    assert jnp.allclose(jax.jacfwd(f)(x), jax.jacrev(f)(x))


@claim(
    "a jax.custom_vjp function fails under jacfwd (it has no JVP rule), as does a hijax primitive without jvp or lin"
)
def failures():
    f = jax.custom_vjp(jnp.sin)
    f.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
    with raises(TypeError, "can't apply forward-mode autodiff"):
        jax.jacfwd(f)(1.0)
    with raises(NotImplementedError, "must implement `jvp`"):
        jax.jacfwd(hi_primitive())(jnp.ones(2))


@claim(
    "Inputs must be floating point; complex inputs need holomorphic=True (and a complex output), otherwise jacfwd refuses them."
)
def inputs():
    with raises(TypeError, "jacfwd requires real-valued inputs .* but got complex64"):
        jax.jacfwd(lambda z: z * 2)(jnp.complex64(1))
    with raises(TypeError, "but got int32"):
        jax.jacfwd(lambda n: n * 2.0)(1)
    assert jax.jacfwd(lambda z: z * 2, holomorphic=True)(jnp.complex64(1)) == 2
