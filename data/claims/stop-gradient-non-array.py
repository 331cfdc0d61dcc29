"""Claims of data/records/stop-gradient-non-array.json."""

import jax
import numpy as np

from tests.claims import claim, raises


@claim('in practice a NumPy string array with the variable-width StringDType (dtype "T", NumPy 2)')
def string_dtype():
    ids = np.array(["a"], dtype=np.dtypes.StringDType())
    with raises(
        TypeError, "stop_gradient only works on valid JAX arrays, but input argument is: \\['a'\\]"
    ):
        jax.lax.stop_gradient({"x": 1.0, "id": ids})


@claim(
    "(a Python str gives \"Argument '...' of type <class 'str'> is not a valid JAX type\", a fixed-width '<U' or object array \"Dtype ... is not a valid JAX array type\")"
)
def other_leaves():
    with raises(TypeError, "Argument 'a' of type <class 'str'> is not a valid JAX type"):
        jax.lax.stop_gradient({"x": 1.0, "id": "a"})
    with raises(TypeError, "Dtype <U1 is not a valid JAX array type"):
        jax.lax.stop_gradient({"x": 1.0, "id": np.array(["a"])})


@claim("Apply stop_gradient only to the arrays that need it")
def numeric_leaves():
    batch = {"x": np.ones(2), "y": np.zeros(2), "id": np.array(["a", "b"])}
    jax.lax.stop_gradient((batch["x"], batch["y"]))
