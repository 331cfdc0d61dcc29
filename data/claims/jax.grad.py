"""Claims of data/api/jax.grad.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim(
    "f must return a real scalar: an array of shape () of a floating dtype, or a (scalar, aux) pair with has_aux=True"
)
def real_scalar():
    with raises(TypeError, "Gradient only defined for scalar-output functions"):
        jax.grad(lambda x: x * jnp.ones(2))(1.0)
    with raises(TypeError, "requires real-valued outputs"):
        jax.grad(lambda x: x * 1j)(1.0)
    assert jax.grad(lambda x: (x**2, "aux"), has_aux=True)(3.0) == (6.0, "aux")


@claim("integer or bool inputs need allow_int=True (their gradient has dtype float0)")
def integer_inputs():
    with raises(TypeError, "requires real- or complex-valued inputs"):
        jax.grad(lambda n: n * 1.0)(3)
    assert jax.grad(lambda n: n * 1.0, allow_int=True)(3).dtype == jax.dtypes.float0


@claim("Ref-typed arguments cannot be differentiated by grad at all (use jax.vjp and with_refs)")
def refs():
    with raises(Exception, "Ref"):
        jax.grad(lambda r: r[...].sum())(jax.new_ref(jnp.ones(2)))


@claim(
    "The gradient has the same pytree structure, shape and dtype as the differentiated argument; with a tuple argnums it is a tuple."
)
def structure():
    params = {"w": jnp.ones((2, 3), jnp.bfloat16), "b": jnp.zeros(3)}
    g = jax.grad(lambda p: p["w"].astype(jnp.float32).sum() + p["b"].sum())(params)
    assert g["w"].dtype == jnp.bfloat16 and g["w"].shape == (2, 3) and g["b"].shape == (3,)
    assert jax.grad(lambda x, y: x * y, argnums=(0, 1))(2.0, 3.0) == (3.0, 2.0)


@claim("returning shape (1,) instead of () (reduce with .sum() or index [0])")
def shape_one():
    with raises(TypeError, "Output had shape: \\(1,\\)"):
        jax.grad(lambda x: x * jnp.ones(1))(1.0)
    assert jax.grad(lambda x: (x * jnp.ones(1))[0])(1.0) == 1.0
