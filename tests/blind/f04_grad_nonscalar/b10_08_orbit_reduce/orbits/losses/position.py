from orbits.losses.base import TrajectoryLoss


class PositionLoss(TrajectoryLoss):
    """Compares the predicted positions (first three state entries) with the fixes."""

    def residual(self, pred, obs):
        return pred[:, :3] - obs
