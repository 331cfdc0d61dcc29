"""Claims of data/records/checkpoint-policy-names-overlap.json."""

import jax

from tests.claims import claim, raises


@claim("It is raised when the policy is built, before any tracing.")
def raised_when_built():
    with raises(ValueError, "The names should be exclusive .* intersect"):
        jax.checkpoint_policies.save_and_offload_only_these_names(
            names_which_can_be_saved=["a", "b"],
            names_which_can_be_offloaded=["a"],
            offload_src="device",
            offload_dst="pinned_host",
        )


@claim("Put each name in exactly one list")
def disjoint_lists_work():
    policy = jax.checkpoint_policies.save_and_offload_only_these_names(
        names_which_can_be_saved=["b"],
        names_which_can_be_offloaded=["a"],
        offload_src="device",
        offload_dst="pinned_host",
    )
    assert callable(policy)
