from dataclasses import dataclass


@dataclass(frozen=True)
class QuantConfig:
    d_in: int = 32
    d_out: int = 16
    rank: int = 4
    dtype: str = "int8"
    scale: float = 0.02
    alpha: float = 8.0
