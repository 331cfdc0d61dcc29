"""Claims of data/records/vjp-cotangent-tree.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.ones(3)
head = lambda x: (jnp.sin(x), jnp.cos(x))


@claim(
    "for example that out was a tuple in the original output but a pytree leaf here, because one array was passed for a two-output function"
)
def one_array_for_pair():
    (mean, _), f_vjp = jax.vjp(head, X)
    with raises(ValueError, "unexpected tree structure"):
        f_vjp(jnp.ones_like(mean))


@claim("a list of cotangents for a tuple output")
def list_for_tuple():
    _, f_vjp = jax.vjp(head, X)
    with raises(ValueError, "unexpected tree structure"):
        f_vjp([X, X])


@claim("`f_vjp((jnp.ones_like(mean), jnp.zeros_like(log_var)))`")
def zeros_for_others():
    (mean, log_var), f_vjp = jax.vjp(head, X)
    assert jnp.allclose(f_vjp((jnp.ones_like(mean), jnp.zeros_like(log_var)))[0], jnp.cos(X))


@claim(
    "use `jax.vjp(f, x, has_aux=True)`, which returns `(output, f_vjp, aux)` and expects a cotangent for output only"
)
def has_aux():
    out, f_vjp, aux = jax.vjp(lambda x: (jnp.sin(x), {"m": x.sum()}), X, has_aux=True)
    assert jnp.allclose(f_vjp(jnp.ones_like(out))[0], jnp.cos(X)) and aux["m"] == 3.0
