"""Settings of the skip-gram trainer."""

from dataclasses import dataclass


@dataclass(frozen=True)
class SkipGramConfig:
    vocab: int = 40
    dim: int = 8
    negatives: int = 4
    lr: float = 0.1
    # Keep the embedding table in a Ref so that several workers can share it.
    store_in_ref: bool = True
    grad_into_ref: bool = True
