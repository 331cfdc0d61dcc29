"""Hyper-parameters of the image-text pretraining run."""
from dataclasses import dataclass


@dataclass(frozen=True)
class SigLIPConfig:
    image_dim: int = 20
    text_dim: int = 12
    embed_dim: int = 16
    temperature_init: float = 10.0
    bias_init: int = -10
    learning_rate: float = 0.05
    steps: int = 30
