from kinetics.model import Rates, steady_state, trajectory

__all__ = ["Rates", "steady_state", "trajectory"]
