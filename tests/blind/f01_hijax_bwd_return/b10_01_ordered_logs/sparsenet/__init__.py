"""A tiny block-sparse network whose masked matmul is a hijax primitive."""
from sparsenet.model import SparseMLP, init_mlp

__all__ = ["SparseMLP", "init_mlp"]
