"""Claims of data/records/vjp-with-refs-tree.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def loss(w_ref, x):
    return jnp.sum(w_ref[...] * x)


def ref_vjp():
    return jax.vjp(loss, jax.new_ref(jnp.ones(3)), jnp.ones(3))


@claim(
    "An entry cannot be left out, even for arguments whose gradient is not wanted, and `None` does not work as a placeholder because it is an empty pytree.",
    versions=("0.12",),
)
def every_entry():
    _, f_vjp = ref_vjp()
    for entries in ((jax.new_ref(jnp.zeros(3)),), (jax.new_ref(jnp.zeros(3)), None)):
        with raises(
            ValueError,
            "unexpected tree structure in the arguments to a VJP function's `with_refs` method",
        ):
            f_vjp.with_refs(*entries)(1.0)


@claim(
    "jax 0.10.2 raises a bare `Exception` with no message for the same call.", versions=("0.10",)
)
def old_bare_exception():
    _, f_vjp = ref_vjp()
    try:
        f_vjp.with_refs(jax.ad.DontWant())(1.0)
    except Exception as error:
        assert type(error) is Exception and str(error) == "", repr(error)
    else:
        raise AssertionError("no error")


@claim(
    "`f_vjp.with_refs(w_grad, jax.ad.DontWant())(ct)` for `jax.vjp(loss, w_ref, x)`",
    versions=("0.12",),
)
def one_per_argument():
    _, f_vjp = ref_vjp()
    w_grad = jax.new_ref(jnp.zeros(3))
    f_vjp.with_refs(w_grad, jax.ad.DontWant())(1.0)
    assert (w_grad[...] == 1.0).all()


@claim("`jax.tree.map(lambda _: jax.ad.DontWant(), params)`")
def pytree_entry():
    params = {"w": jnp.ones(2), "b": jnp.zeros(2)}
    _, f_vjp = jax.vjp(lambda p, x: jnp.sum(p["w"] * x + p["b"]), params, jnp.ones(2))
    skipped, x_ct = f_vjp.with_refs(
        jax.tree.map(lambda _: jax.ad.DontWant(), params), jax.ad.GradValue()
    )(1.0)
    assert (x_ct == 1).all() and type(skipped["w"]).__name__ == "DidntWant"
