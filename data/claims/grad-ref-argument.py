"""Claims of data/records/grad-ref-argument.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def loss(w_ref, x, y):
    return jnp.sum((w_ref[...] * x - y) ** 2)


X, Y = jnp.ones(3), jnp.zeros(3)


@claim("so JAX refuses before tracing", versions=("0.12",))
def refused():
    with raises(TypeError, "grad cannot differentiate with respect to a Ref-typed argument"):
        jax.grad(loss)(jax.new_ref(jnp.ones(3)), X, Y)
    with raises(TypeError, "jacrev cannot differentiate with respect to a Ref-typed argument"):
        jax.jacrev(loss)(jax.new_ref(jnp.ones(3)), X, Y)


@claim(
    "jax 0.10 has no such check: there jax.grad of a Ref argument fails in the backward pass with cotangent-type-mismatch",
    versions=("0.10",),
)
def old_cotangent_type():
    with raises(
        ValueError, "Expected cotangent type Ref\\{float32\\[3\\]\\} but got float32\\[3\\]"
    ):
        jax.grad(loss)(jax.new_ref(jnp.ones(3)), X, Y)


@claim(
    "Use jax.vjp with a gradient Ref, as the message says (jax 0.12; jax 0.10 rejects a gradient Ref for a Ref argument)"
)
def with_refs_solution():
    w_ref = jax.new_ref(jnp.ones(3))
    out, f_vjp = jax.vjp(loss, w_ref, X, Y)
    g_ref = jax.new_ref(jnp.zeros_like(w_ref[...]))
    apply = lambda: f_vjp.with_refs(g_ref, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(out))
    if jax.__version__.startswith("0.10"):
        with raises(ValueError, "Expected cotangent type Ref"):
            apply()
    else:
        apply()
        assert (g_ref[...] == 2.0).all()


@claim("differentiate their current value instead: `jax.grad(loss)(w_ref[...], x, y)`")
def differentiate_value():
    w_ref = jax.new_ref(jnp.ones(3))
    grads = jax.grad(lambda w, x, y: jnp.sum((w * x - y) ** 2))(w_ref[...], X, Y)
    w_ref[...] -= 0.1 * grads
    assert (w_ref[...] == 0.8).all()


@claim("Refs that are not selected by argnums are fine")
def unselected_refs():
    assert jax.grad(lambda x, r: (x * r[...]).sum())(1.0, jax.new_ref(jnp.ones(2))) == 2.0
