"""Claims of data/api/jax._src.api.VJP.with_refs.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.arange(3.0)


def ref_vjp():
    return jax.vjp(lambda w_ref, x: w_ref[...] * x, jax.new_ref(jnp.ones(3)), X)


@claim(
    "in the result, entries accumulated into refs come back as GradRef() and skipped ones as DidntWant()"
)
def result_markers():
    _, f_vjp = jax.vjp(lambda w, x: w * x, jnp.ones(3), X)
    g = jax.new_ref(jnp.zeros(3))
    w_ct, x_ct = f_vjp.with_refs(g, jax.ad.DontWant())(jnp.ones(3))
    assert type(w_ct).__name__ == "GradRef" and type(x_ct).__name__ == "DidntWant"
    assert (g[...] == X).all()


@claim("None is an empty pytree, so it cannot stand in for an entry", versions=("0.12",))
def none_is_not_an_entry():
    _, f_vjp = ref_vjp()
    with raises(
        ValueError, "unexpected tree structure in the arguments to a VJP function's `with_refs`"
    ):
        f_vjp.with_refs(jax.ad.DontWant(), None)(jnp.ones(3))


@claim(
    "its gradient cannot be returned by value, and calling f_vjp(ct) without with_refs is an error"
)
def plain_call_fails():
    _, f_vjp = ref_vjp()
    with raises(ValueError, "Ref"):
        f_vjp(jnp.ones(3))


@claim("The gradient is added, so zero the ref first if you don't want accumulation across calls.")
def accumulates():
    _, f_vjp = jax.vjp(lambda w, x: w * x, jnp.ones(3), X)
    g = jax.new_ref(jnp.zeros(3))
    f_vjp.with_refs(g, jax.ad.DontWant())(jnp.ones(3))
    f_vjp.with_refs(g, jax.ad.DontWant())(jnp.ones(3))
    assert (g[...] == 2 * X).all()


@claim("jax 0.10 and 0.12 both have with_refs on the VJP object; 0.12 adds with_logs.")
def methods():
    _, f_vjp = ref_vjp()
    assert hasattr(f_vjp, "with_refs")
    assert hasattr(f_vjp, "with_logs") is jax.__version__.startswith("0.12")


@claim(
    "In jax 0.10 a gradient Ref for a Ref-typed argument always fails ('Expected cotangent type Ref{float32[3]} but got float32[3]'): there only DontWant() works for a Ref-typed argument, while gradient Refs for ordinary arguments work in both.",
    versions=("0.10",),
)
def old_ref_argument():
    _, f_vjp = ref_vjp()
    with raises(
        ValueError, "Expected cotangent type Ref\\{float32\\[3\\]\\} but got float32\\[3\\]"
    ):
        f_vjp.with_refs(jax.new_ref(jnp.zeros(3)), jax.ad.GradValue())(jnp.ones(3))
    f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())(jnp.ones(3))
