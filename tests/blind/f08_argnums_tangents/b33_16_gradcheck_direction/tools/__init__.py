from tools.gradcheck import check_directional

__all__ = ["check_directional"]
