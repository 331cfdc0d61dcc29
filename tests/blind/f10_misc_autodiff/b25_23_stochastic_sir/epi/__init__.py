from epi.sde import SIRParams, StochasticSIR
from epi.analysis import linear_response, spectral_radius

__all__ = ["SIRParams", "StochasticSIR", "linear_response", "spectral_radius"]
