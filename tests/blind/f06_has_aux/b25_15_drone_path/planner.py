"""Gradient-descent path smoothing around no-fly zones."""

import jax
import jax.numpy as jnp

from plan import Obstacle, PathObjective


def straight_line(start, goal, n):
    t = jnp.linspace(0.0, 1.0, n + 2)[1:-1, None]
    return start + t * (goal - start) + jnp.array([0.0, 0.05])


def optimise(n_waypoints=12, iters=60, lr=0.01):
    objective = PathObjective(
        start=jnp.array([0.0, 0.0]),
        goal=jnp.array([10.0, 0.0]),
        obstacles=[Obstacle((4.0, 0.0), 1.0), Obstacle((7.0, 0.8), 0.6)],
    )
    waypoints = straight_line(objective.start, objective.goal, n_waypoints)
    grad_cost = jax.jit(jax.grad(objective.cost))
    for _ in range(iters):
        waypoints = waypoints - lr * grad_cost(waypoints)
    return objective.terms(waypoints)


def main():
    terms = optimise()
    for name, value in terms.as_dict().items():
        print(f"{name:>10}: {float(value):.4f}")
    return terms


if __name__ == "__main__":
    main()
