from epi.config import SolverConfig
from epi.seir import SEIRParams, simulate

__all__ = ["SolverConfig", "SEIRParams", "simulate"]
