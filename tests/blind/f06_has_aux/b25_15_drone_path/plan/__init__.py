from plan.terms import CostTerms
from plan.objective import PathObjective, Obstacle

__all__ = ["CostTerms", "PathObjective", "Obstacle"]
