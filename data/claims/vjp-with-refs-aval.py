"""Claims of data/records/vjp-with-refs-aval.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def loss(w_ref, x):
    return jnp.sum(w_ref[...].astype(jnp.float32) * x)


def bf16_vjp():
    return jax.vjp(loss, jax.new_ref(jnp.ones((3, 1), jnp.bfloat16)), jnp.ones((3, 1)))


@claim("JAX does not cast or reshape on the way", versions=("0.12",))
def no_cast_or_reshape():
    _, f_vjp = bf16_vjp()
    for wrong in (jnp.zeros((3, 1), jnp.float32), jnp.zeros(3, jnp.bfloat16)):
        with raises(
            ValueError,
            "unexpected JAX type \\(e.g. shape/dtype\\) for gradient ref passed to the VJP function's `with_refs`",
        ):
            f_vjp.with_refs(jax.new_ref(wrong), jax.ad.DontWant())(1.0)


@claim(
    'jax 0.10.2 accepts the Ref and fails in the backward pass with "Expected cotangent type Ref{...} but got ...".',
    versions=("0.10",),
)
def old_backward_pass():
    _, f_vjp = bf16_vjp()
    with raises(ValueError, "Expected cotangent type Ref"):
        f_vjp.with_refs(jax.new_ref(jnp.zeros((3, 1), jnp.float32)), jax.ad.DontWant())(1.0)


@claim(
    "Create the gradient Ref with the parameter's own shape and dtype: `jax.new_ref(jnp.zeros_like(w_ref[...]))`.",
    versions=("0.12",),
)
def zeros_like():
    w_ref = jax.new_ref(jnp.ones((3, 1), jnp.bfloat16))
    _, f_vjp = jax.vjp(loss, w_ref, jnp.ones((3, 1)))
    g = jax.new_ref(jnp.zeros_like(w_ref[...]))
    f_vjp.with_refs(g, jax.ad.DontWant())(1.0)
    assert g[...].dtype == jnp.bfloat16 and (g[...] == 1).all()
