"""Plan a survey flight that stays under the airspace ceiling."""
import jax
import jax.numpy as jnp

from flightplan.trajectory import PlanConfig, objective


def plan(cfg=PlanConfig(), iters=300, lr=0.05):
    start = jnp.array([0.0, 0.0, 5.0])
    goal = jnp.array([200.0, 50.0, 5.0])
    t = jnp.linspace(0.0, 1.0, cfg.n_points)[1:-1, None]
    interior = start + t * (goal - start) + jnp.array([0.0, 0.0, 40.0]) * jnp.sin(jnp.pi * t)
    grad_fn = jax.jit(jax.grad(objective), static_argnums=3)
    for _ in range(iters):
        interior = interior - lr * grad_fn(interior, start, goal, cfg)
    return interior


def main():
    path = plan()
    print("max altitude", float(jnp.max(path[:, 2])))


if __name__ == "__main__":
    main()
