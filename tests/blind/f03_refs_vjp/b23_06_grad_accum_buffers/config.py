from dataclasses import dataclass


@dataclass(frozen=True)
class LayerConfig:
    in_features: int = 6
    out_features: int = 3
    micro_batches: int = 4
    lr: float = 0.05
