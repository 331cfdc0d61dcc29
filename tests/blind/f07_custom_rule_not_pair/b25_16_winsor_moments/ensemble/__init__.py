from ensemble.stats import Moments, winsorized_moments
from ensemble.tangents import moment_tangents

__all__ = ["Moments", "winsorized_moments", "moment_tangents"]
