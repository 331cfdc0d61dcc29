"""Claims of data/records/grad-output-not-array.json."""

import jax

from tests.claims import claim, raises


@claim(
    'the check fails with "Output was" followed by the whole returned value (the cause above it says the same value "is not a valid JAX type")'
)
def output_was():
    try:
        jax.grad(lambda x: (x, {"m": x}))(1.0)
    except TypeError as error:
        assert str(error).startswith(
            "Gradient only defined for scalar-output functions. Output was ("
        )
        assert "is not a valid JAX type" in str(error.__cause__ or error.__context__)
    else:
        raise AssertionError("no error")


@claim("a function that forgot its return statement (Output was None)")
def returns_none():
    with raises(TypeError, "Output was None\\."):
        jax.grad(lambda x: None)(1.0)


@claim(
    "If the function returns `(loss, extra)`, pass `has_aux=True`: `grads, extra = jax.grad(loss_fn, has_aux=True)(params, x, y)`"
)
def has_aux():
    grads, extra = jax.grad(lambda p: (p**2, {"m": p}), has_aux=True)(3.0)
    assert grads == 6.0 and extra["m"] == 3.0


@claim("use `jax.jacrev(fn)` (it accepts any pytree of outputs)")
def jacrev_pytree():
    out = jax.jacrev(lambda x: {"a": x, "b": (x**2,)})(3.0)
    assert out["b"][0] == 6.0
