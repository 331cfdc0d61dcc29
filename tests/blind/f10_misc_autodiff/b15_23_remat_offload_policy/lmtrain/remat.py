"""Rematerialisation policies built from the config."""
import jax


def policy_from_config(cfg):
    return jax.checkpoint_policies.save_and_offload_only_these_names(
        names_which_can_be_saved=list(cfg.saved_names),
        names_which_can_be_offloaded=list(cfg.offloaded_names),
        offload_src=cfg.offload_src,
        offload_dst=cfg.offload_dst,
    )
