"""Claims of data/records/cotangent-type-mismatch.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def scale_in_place(w_ref, x):
    return w_ref[...] * x


def ref_vjp():
    return jax.vjp(scale_in_place, jax.new_ref(jnp.ones(3)), jnp.arange(3.0))


@claim(
    "In jax 0.10, `Expected cotangent type Ref{...} but got ...` is how applying the VJP of a function with a Ref argument (jax.new_ref) fails when no gradient ref is bound",
    versions=("0.10",),
)
def old_ref_message():
    out, f_vjp = ref_vjp()
    with raises(
        ValueError, "Expected cotangent type Ref\\{float32\\[3\\]\\} but got float32\\[3\\]"
    ):
        f_vjp(jnp.ones_like(out))


@claim("jax 0.11 and later report that mistake as vjp-ref-grad-missing", versions=("0.12",))
def new_ref_message():
    out, f_vjp = ref_vjp()
    with raises(ValueError, "is Ref-typed, so its gradient must be accumulated into a ref"):
        f_vjp(jnp.ones_like(out))


@claim(
    "jax 0.10: `f_vjp.with_refs(grad_ref, ...)`, whose Ref gradient accumulation fails the same way in 0.10.2",
    versions=("0.10",),
)
def old_with_refs_fails():
    out, f_vjp = ref_vjp()
    with raises(ValueError, "Expected cotangent type Ref"):
        f_vjp.with_refs(jax.new_ref(jnp.zeros(3)), jax.ad.GradValue())(jnp.ones_like(out))


@claim(
    "do not differentiate with respect to the Ref; read its value and differentiate the array instead, e.g. `jax.vjp(lambda w, x: f_on_values(w, x), w_ref[...], x)`."
)
def differentiate_the_value():
    w_ref = jax.new_ref(jnp.ones(3))
    out, f_vjp = jax.vjp(lambda w, x: w * x, w_ref[...], jnp.arange(3.0))
    w_ct, _ = f_vjp(jnp.ones_like(out))
    assert (w_ct == jnp.arange(3.0)).all()


@claim(
    "Ref argument whose gradient you do not need: pass `jax.ad.DontWant()` in its place in the VJP function's `with_refs` arguments."
)
def dont_want_works():
    out, f_vjp = ref_vjp()
    skipped, x_ct = f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())(jnp.ones_like(out))
    assert type(skipped).__name__ == "DidntWant" and (x_ct == 1).all()


@claim(
    "On jax 0.11 or later, bind a gradient ref with `f_vjp.with_refs(grad_ref, ...)`, which accumulates the Ref's gradient in place.",
    versions=("0.12",),
)
def with_refs_accumulates():
    out, f_vjp = ref_vjp()
    grad_ref = jax.new_ref(jnp.zeros(3))
    f_vjp.with_refs(grad_ref, jax.ad.GradValue())(jnp.ones_like(out))
    assert (grad_ref[...] == jnp.arange(3.0)).all()
