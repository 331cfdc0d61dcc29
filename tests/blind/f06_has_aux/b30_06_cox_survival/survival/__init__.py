from survival.base import Objective, OBJECTIVES, objective
from survival import models  # noqa: F401  (registers the objectives)

__all__ = ["Objective", "OBJECTIVES", "objective"]
