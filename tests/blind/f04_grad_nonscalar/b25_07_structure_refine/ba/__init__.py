from ba.camera import Camera, project
from ba.robust import ROBUST_LOSSES, robust_loss
from ba.objective import ReprojectionObjective

__all__ = ["Camera", "project", "ROBUST_LOSSES", "robust_loss", "ReprojectionObjective"]
