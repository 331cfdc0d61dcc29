"""Claims of data/records/grad-nonscalar-output.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

W = jnp.ones(3)
X = jnp.ones((4, 3))
Y = jnp.zeros(4)


def per_example(w, x, y):
    return (x @ w - y) ** 2


@claim("The shape in the message is what the function returned")
def shape_in_message():
    with raises(
        TypeError, "Gradient only defined for scalar-output functions. Output had shape: \\(4,\\)"
    ):
        jax.grad(per_example)(W, X, Y)
    with raises(TypeError, "Output had shape: \\(1,\\)"):
        jax.grad(lambda w: jnp.sum(w, keepdims=True))(W)


@claim(
    "If the output has exactly one element (shape (1,) or (1, 1)), extract it: `out.reshape(())` or `out[0]`."
)
def single_element():
    assert (jax.grad(lambda w: jnp.sum(w, keepdims=True).reshape(()))(W) == 1).all()
    assert (jax.grad(lambda w: jnp.sum(w, keepdims=True)[0])(W) == 1).all()


@claim("`jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(params, x, y)`")
def per_example_grads():
    loss = lambda w, x, y: (x @ w - y) ** 2
    assert jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(W, X, Y).shape == (4, 3)


@claim("use jax.jacrev / jax.jacobian")
def jacobian_instead():
    assert jax.jacrev(per_example)(W, X, Y).shape == (4, 3)
    assert jax.jacobian(per_example)(W, X, Y).shape == (4, 3)
