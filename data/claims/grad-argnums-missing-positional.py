"""Claims of data/records/grad-argnums-missing-positional.json."""

import jax

from tests.claims import claim, raises


def mse(params, x, y):
    return ((params * x - y) ** 2).sum()


@claim(
    "Calling `jax.grad(f)(params=params, ...)` therefore leaves nothing at position 0 to differentiate."
)
def keywords_only_fail():
    with raises(
        TypeError,
        "differentiating with respect to argnums=0 requires at least 1 positional arguments",
    ):
        jax.grad(mse)(params=1.0, x=2.0, y=1.0)


@claim(
    "Pass the differentiated arguments positionally; the others may stay keywords: `jax.grad(mse)(params, x=x, y=y)`."
)
def positional_params():
    assert jax.grad(mse)(1.0, x=2.0, y=1.0) == 4.0


@claim(
    "To differentiate an argument you must pass by keyword, wrap it: `jax.grad(lambda p: f(params=p, x=x, y=y))(params)`."
)
def wrap_keyword():
    assert jax.grad(lambda p: mse(params=p, x=2.0, y=1.0))(1.0) == 4.0
