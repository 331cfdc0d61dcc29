"""Claims of data/records/jvp-args-not-tuples.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises

X = jnp.ones(3)
MESSAGE = "primal and tangent arguments to jax.jvp must be tuples or lists; found {} and {}"


@claim(
    "the message names the two types it found (ArrayImpl for a jax.Array, ndarray for NumPy, float for a Python scalar, dict for a parameter dict)"
)
def type_names():
    for value, name in (
        (X, "ArrayImpl"),
        (np.ones(3), "ndarray"),
        (1.0, "float"),
        ({"w": X}, "dict"),
    ):
        with raises(TypeError, MESSAGE.format(name, name)):
            jax.jvp(lambda v: v, value, value)


@claim("a tuple of primals but a bare array as tangents (`jax.jvp(f, (x,), v)`)")
def bare_tangent():
    with raises(TypeError, MESSAGE.format("tuple", "ArrayImpl")):
        jax.jvp(jnp.sin, (X,), X)


@claim(
    "A list given as primals is itself read as the argument list, so a list of parameters passed unwrapped becomes several arguments."
)
def list_is_argument_list():
    _, tangent = jax.jvp(lambda a, b: a + b, [X, X], [X, X])
    assert (tangent == 2).all()


@claim("Wrap primals and tangents in one-element tuples: `jax.jvp(f, (x,), (v,))`")
def wrapped():
    _, tangent = jax.jvp(jnp.sin, (X,), (X,))
    assert jnp.allclose(tangent, jnp.cos(X))
