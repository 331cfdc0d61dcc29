from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class ClassifierConfig:
    vocab_size: int
    n_classes: Optional[int] = None   # inferred from the labels when left unset
    embed_dim: int = 16
    label_smoothing: float = 0.1
    lr: float = 0.5
