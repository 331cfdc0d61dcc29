"""Rematerialisation settings for the transformer blocks."""
from dataclasses import dataclass
from typing import Optional

import jax


@dataclass(frozen=True)
class RematConfig:
    enabled: bool = True
    policy_name: str = "dots_saveable"
    prevent_cse: Optional[bool] = None

    def policy(self):
        return getattr(jax.checkpoint_policies, self.policy_name)


def maybe_remat(fn, cfg: RematConfig):
    if not cfg.enabled:
        return fn
    return jax.checkpoint(fn, policy=cfg.policy(), prevent_cse=cfg.prevent_cse)
