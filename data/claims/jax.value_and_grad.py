"""Claims of data/api/jax.value_and_grad.json."""

import jax

from tests.claims import claim, raises


@claim(
    "the returned function gives (value, gradient), or ((value, aux), gradient) with has_aux=True"
)
def nesting():
    assert jax.value_and_grad(lambda x: x**2)(3.0) == (9.0, 6.0)
    (value, aux), grad = jax.value_and_grad(lambda x: (x**2, "m"), has_aux=True)(3.0)
    assert (value, aux, grad) == (9.0, "m", 6.0)


@claim("A frequent mistake is unpacking the has_aux result as (value, aux, grad)")
def wrong_unpacking():
    with raises(ValueError, "not enough values to unpack"):
        _value, _aux, _grad = jax.value_and_grad(lambda x: (x**2, "m"), has_aux=True)(3.0)
