from kinetics.mechanism import Mechanism, simulate
from kinetics.sensitivity import LocalSensitivity, unit_directions

__all__ = ["Mechanism", "simulate", "LocalSensitivity", "unit_directions"]
