from glacier.core.prims import LoggedPrim
from glacier.core.diagnostics import select_logs

__all__ = ["LoggedPrim", "select_logs"]
