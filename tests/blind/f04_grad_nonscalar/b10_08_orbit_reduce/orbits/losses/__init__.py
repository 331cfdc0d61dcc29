from orbits.losses.position import PositionLoss

__all__ = ["PositionLoss"]
