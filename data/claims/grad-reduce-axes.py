"""Claims of data/records/grad-reduce-axes.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim(
    "Code passed reduce_axes= to jax.grad or jax.value_and_grad (jax.vjp and jax.linear_transpose raise the same error, naming vjp or transpose)"
)
def all_four():
    for api in (jax.grad, jax.value_and_grad):
        with raises(NotImplementedError, "reduce_axes argument to grad is deprecated"):
            api(lambda x: x, reduce_axes=("batch",))
    with raises(NotImplementedError, "reduce_axes argument to vjp is deprecated"):
        jax.vjp(lambda x: x, 1.0, reduce_axes=("batch",))
    with raises(NotImplementedError, "reduce_axes argument to transpose is deprecated"):
        jax.linear_transpose(lambda x: x, 1.0, reduce_axes=("batch",))


@claim(
    "raise this NotImplementedError as soon as the non-empty value is passed, before anything is differentiated"
)
def raised_at_construction():
    with raises(NotImplementedError):
        jax.grad(lambda x: x, reduce_axes=("batch",))
    jax.grad(lambda x: x, reduce_axes=())


@claim(
    "compute per-example gradients with `jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))` and sum them with `jax.tree.map(lambda g: g.sum(axis=0), grads)`"
)
def sum_per_example():
    loss = lambda w, x, y: (x @ w - y) ** 2
    w, x, y = jnp.ones(2), jnp.ones((3, 2)), jnp.zeros(3)
    summed = jax.tree.map(
        lambda g: g.sum(axis=0), jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x, y)
    )
    batch = jax.grad(lambda p: jnp.sum(jax.vmap(loss, in_axes=(None, 0, 0))(p, x, y)))(w)
    assert jnp.allclose(summed, batch)


@claim('sum the gradients over it with `jax.lax.psum(grads, "batch")`')
def psum_in_vmap():
    g = jax.vmap(
        lambda x: jax.lax.psum(jax.grad(lambda w: w * x)(1.0), "batch"), axis_name="batch"
    )(jnp.arange(3.0))
    assert (g == 3.0).all()
