"""Claims of data/records/vjp-ref-grad-missing.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def scale_in_place(w_ref, x):
    return w_ref[...] * x


def ref_vjp():
    return jax.vjp(scale_in_place, jax.new_ref(jnp.ones(3)), jnp.arange(3.0))


@claim(
    "its VJP function was applied without binding anything for that argument", versions=("0.12",)
)
def applied_without_with_refs():
    out, f_vjp = ref_vjp()
    with raises(
        ValueError,
        "is Ref-typed, so its gradient must be accumulated into a ref, but no gradient ref was provided",
    ):
        f_vjp(jnp.ones_like(out))


@claim(
    "When with_refs was called but gave that argument jax.ad.GradValue(), JAX raises the sibling error vjp-ref-grad-returned instead.",
    versions=("0.12",),
)
def sibling_error():
    out, f_vjp = ref_vjp()
    with raises(ValueError, "which is Ref-typed, can't be returned as a value"):
        f_vjp.with_refs(jax.ad.GradValue(), jax.ad.GradValue())(jnp.ones_like(out))


@claim(
    "jax 0.10 raises cotangent-type-mismatch ('Expected cotangent type Ref{float32[3]} but got float32[3]') for the same call, and there binding a gradient Ref for a Ref-typed argument fails too: only DontWant() works.",
    versions=("0.10",),
)
def old_behaviour():
    out, f_vjp = ref_vjp()
    with raises(
        ValueError, "Expected cotangent type Ref\\{float32\\[3\\]\\} but got float32\\[3\\]"
    ):
        f_vjp(jnp.ones_like(out))
    with raises(ValueError, "Expected cotangent type Ref"):
        f_vjp.with_refs(jax.new_ref(jnp.zeros(3)), jax.ad.GradValue())(jnp.ones_like(out))
    f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())(jnp.ones_like(out))


@claim(
    "Call f_vjp.with_refs(grad_ref)(ct) binding a ref for the Ref-typed arg (jax 0.12; jax 0.10 rejects a gradient Ref for a Ref-typed argument)",
    versions=("0.12",),
)
def with_refs_works():
    out, f_vjp = ref_vjp()
    grad_ref = jax.new_ref(jnp.zeros(3))
    _, x_ct = f_vjp.with_refs(grad_ref, jax.ad.GradValue())(jnp.ones_like(out))
    assert (grad_ref[...] == jnp.arange(3.0)).all() and (x_ct == 1).all()


@claim("Pass jax.ad.DontWant() in place of that gradient ref")
def dont_want():
    out, f_vjp = ref_vjp()
    skipped, _ = f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())(jnp.ones_like(out))
    assert type(skipped).__name__ == "DidntWant"
