"""Model settings for the character-level language model."""

from typing import NamedTuple


class AttnConfig(NamedTuple):
    d_model: int = 32
    causal: bool = True
    logit_scale: float = 1.0
