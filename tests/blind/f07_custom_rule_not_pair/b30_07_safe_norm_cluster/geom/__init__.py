from geom.linalg import rowdot, project_out
from geom.ops import safe_norm

__all__ = ["rowdot", "project_out", "safe_norm"]
