"""Cost of a 2-D drone path through a field of circular no-fly zones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

import jax
import jax.numpy as jnp

from plan.terms import CostTerms


class Obstacle(NamedTuple):
    center: tuple[float, float]
    radius: float


@dataclass
class PathObjective:
    start: jax.Array
    goal: jax.Array
    obstacles: Sequence[Obstacle]
    w_smooth: float = 1.0
    w_clear: float = 10.0
    margin: float = 0.2

    def full_path(self, waypoints):
        return jnp.concatenate([self.start[None], waypoints, self.goal[None]])

    def terms(self, waypoints) -> CostTerms:
        path = self.full_path(waypoints)
        accel = path[2:] - 2.0 * path[1:-1] + path[:-2]
        smooth = self.w_smooth * jnp.sum(accel**2)
        clear = 0.0
        for obs in self.obstacles:
            d = jnp.linalg.norm(path - jnp.asarray(obs.center), axis=-1) - obs.radius
            clear = clear + self.w_clear * jnp.sum(jax.nn.softplus(self.margin - d) ** 2)
        goal = jnp.sum((path[-1] - self.goal) ** 2)
        return CostTerms(smooth, clear, goal)

    def cost(self, waypoints) -> jax.Array:
        """Scalar cost minimised by the planner."""
        terms = self.terms(waypoints)
        return terms
