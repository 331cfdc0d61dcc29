"""Claims of data/records/linear-transpose-cotangent-tree.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones(3)
gradient = lambda u: (2.0 * u, 3.0 * u)


@claim(
    "`expected PyTreeDef((*, *)) but got PyTreeDef([*, *])` for a list passed where the function returns a pair"
)
def list_for_pair():
    adjoint = jax.linear_transpose(gradient, X)
    with raises(
        TypeError,
        "cotangent tree does not match function output, expected PyTreeDef\\(\\(\\*, \\*\\)\\) but got PyTreeDef\\(\\[\\*, \\*\\]\\)",
    ):
        adjoint([X, X])


@claim("Pass the cotangent in the output's container: `gradient_adjoint((px, py))`")
def tuple_works():
    (u,) = jax.linear_transpose(gradient, X)((X, X))
    assert (u == 5.0).all()


@claim("`jax.tree.map(jnp.zeros_like, jax.eval_shape(op, x))`")
def from_eval_shape():
    ct = jax.tree.map(jnp.zeros_like, jax.eval_shape(gradient, X))
    jax.linear_transpose(gradient, X)(ct)
