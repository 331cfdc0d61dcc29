"""Experiment configuration of the small decoder."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ModelConfig:
    d_model: int = 32
    d_ff: int = 64
    n_layers: int = 2
    seq_len: int = 16


@dataclass(frozen=True)
class RematConfig:
    # activations kept on device for the backward pass
    saved_names: tuple = ("attn_scores", "attn_out")
    # activations moved to host memory between the passes
    offloaded_names: tuple = ("ffn_hidden",)
    offload_src: str = "device"
    offload_dst: str = "pinned_host"


@dataclass(frozen=True)
class TrainConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    remat: RematConfig = field(default_factory=RematConfig)
    learning_rate: float = 0.05
    steps: int = 20
