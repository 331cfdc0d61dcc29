"""Claims of data/records/grad-has-aux-not-pair.json."""

import jax

from tests.claims import claim, raises

MESSAGE = (
    "expected function with aux output to return a two-element tuple, but got type <class '{}'>"
)


@claim(
    "With has_aux=True, jax.grad, jax.value_and_grad, jax.vjp and jax.jacrev expect exactly two return values"
)
def every_api():
    f = lambda x: (x**2, x, x)
    for call in (
        lambda: jax.grad(f, has_aux=True)(1.0),
        lambda: jax.value_and_grad(f, has_aux=True)(1.0),
        lambda: jax.vjp(f, 1.0, has_aux=True),
        lambda: jax.jacrev(f, has_aux=True)(1.0),
    ):
        with raises(TypeError, MESSAGE.format("tuple")):
            call()


@claim(
    "returning a dict {'loss': ..., 'acc': ...} instead of (loss, aux); a list of more than two values"
)
def dict_and_long_list():
    with raises(TypeError, MESSAGE.format("dict")):
        jax.grad(lambda x: {"loss": x**2, "acc": x}, has_aux=True)(1.0)
    with raises(TypeError, MESSAGE.format("list")):
        jax.grad(lambda x: [x**2, x, x], has_aux=True)(1.0)


@claim(
    "Unpack the result as a pair: `(loss, aux), grads = jax.value_and_grad(f, has_aux=True)(...)`."
)
def unpack():
    (loss, aux), grads = jax.value_and_grad(lambda x: (x**2, {"m": x}), has_aux=True)(3.0)
    assert (loss, aux["m"], grads) == (9.0, 3.0, 6.0)
