"""Claims of data/api/jax.checkpoint_policies.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

P = jax.checkpoint_policies


@claim(
    "everything_saveable is the behaviour without checkpoint; nothing_saveable saves only the inputs; dots_saveable and dots_with_no_batch_dims_saveable keep matrix products"
)
def policies_exist_and_keep_gradients():
    f = lambda w, x: jnp.tanh(jnp.tanh(x @ w) @ w).sum()
    w, x = jnp.eye(3), jnp.ones((2, 3))
    expected = jax.grad(f)(w, x)
    for policy in (
        P.everything_saveable,
        P.nothing_saveable,
        P.dots_saveable,
        P.dots_with_no_batch_dims_saveable,
    ):
        assert jnp.allclose(jax.grad(jax.checkpoint(f, policy=policy))(w, x), expected)


@claim(
    "The *_names policies are factories: call them with the names (save_only_these_names('h')), don't pass them directly."
)
def factories():
    assert callable(P.save_only_these_names("h"))
    with raises(TypeError):
        jax.grad(jax.checkpoint(jnp.sin, policy=P.save_only_these_names))(1.0)
