"""Claims of data/api/jax.ad_checkpoint.checkpoint_name.json."""

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name

from tests.claims import claim, raises


@claim("Names a value (the identity at run time)")
def identity():
    x = jnp.arange(3.0)
    assert (checkpoint_name(x, "h") == x).all()
    assert (jax.grad(lambda x: checkpoint_name(jnp.sin(x), "h").sum())(x) == jnp.cos(x)).all()


@claim("a policy such as jax.checkpoint_policies.save_only_these_names(...)")
def policy_by_name():
    f = lambda x: jnp.sin(checkpoint_name(jnp.cos(x), "h")).sum()
    policy = jax.checkpoint_policies.save_only_these_names("h")
    x = jnp.arange(3.0)
    assert jnp.allclose(jax.grad(jax.checkpoint(f, policy=policy))(x), jax.grad(f)(x))


@claim("A name may be in only one of the saved and offloaded lists.")
def exclusive():
    with raises(ValueError, "The names should be exclusive"):
        jax.checkpoint_policies.save_and_offload_only_these_names(
            names_which_can_be_saved=["h"],
            names_which_can_be_offloaded=["h"],
            offload_src="device",
            offload_dst="pinned_host",
        )
