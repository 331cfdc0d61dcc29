"""Minimum-energy drone trajectory through waypoints, with a ceiling constraint."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp

from flightplan import penalties


@dataclass(frozen=True)
class PlanConfig:
    n_points: int = 40
    ceiling: float = 30.0
    penalty: str = "quadratic_hinge"
    penalty_weight: float = 100.0


def smoothness(path):
    accel = path[2:] - 2 * path[1:-1] + path[:-2]
    return jnp.sum(accel**2)


def objective(interior, start, goal, cfg: PlanConfig):
    path = jnp.concatenate([start[None], interior, goal[None]])
    violation = path[:, 2] - cfg.ceiling
    penalty = jax.vmap(penalties.get(cfg.penalty))(violation)
    return smoothness(path) + cfg.penalty_weight * jnp.sum(penalty)
