"""Claims of data/records/vjp-ref-grad-returned.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def loss(w_ref, b_ref, x):
    return jnp.sum(w_ref[...] * x + b_ref[...])


def refs_vjp():
    return jax.vjp(loss, jax.new_ref(jnp.ones(3)), jax.new_ref(jnp.zeros(3)), jnp.ones(3))


@claim(
    "`jax.ad.GradValue()` or any other object in that position is refused. Passing the class `jax.ad.DontWant` without parentheses ends here too.",
    versions=("0.12",),
)
def grad_value_and_class_refused():
    _, f_vjp = refs_vjp()
    w_grad = jax.new_ref(jnp.zeros(3))
    for entry in (jax.ad.GradValue(), jax.ad.DontWant):
        with raises(
            ValueError,
            "the gradient for .*args\\[1\\].*, which is Ref-typed, can't be returned as a value",
        ):
            f_vjp.with_refs(w_grad, entry, jax.ad.DontWant())(1.0)


@claim(
    'jax 0.10.2 accepts the call and fails in the backward pass with "Expected cotangent type Ref{...} but got ...".',
    versions=("0.10",),
)
def old_backward_pass():
    _, f_vjp = refs_vjp()
    with raises(ValueError, "Expected cotangent type Ref"):
        f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue(), jax.ad.DontWant())(1.0)


@claim("Give each Ref-typed argument its own gradient Ref", versions=("0.12",))
def own_grad_refs():
    _, f_vjp = refs_vjp()
    w_grad, b_grad = jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3))
    f_vjp.with_refs(w_grad, b_grad, jax.ad.DontWant())(1.0)
    assert (b_grad[...] == 1.0).all() and (w_grad[...] == 1.0).all()
