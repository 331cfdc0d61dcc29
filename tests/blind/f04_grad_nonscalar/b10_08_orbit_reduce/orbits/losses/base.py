"""Trajectory losses: a residual per time step, reduced to one number."""
import jax.numpy as jnp


class TrajectoryLoss:
    """Subclasses define ``residual(pred, obs)`` of shape (time, coords)."""

    def __init__(self, weight=1.0):
        self.weight = weight

    def residual(self, pred, obs):
        raise NotImplementedError

    def reduce(self, r):
        return jnp.mean(r**2, axis=0)

    def __call__(self, pred, obs):
        return self.weight * self.reduce(self.residual(pred, obs))
