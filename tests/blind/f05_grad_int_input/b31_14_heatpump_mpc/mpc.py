"""Projected gradient descent on the heat-pump power plan."""
import jax
import jax.numpy as jnp

from building import Zone
from planner import make_problem


def solve(cost, plan, zone, iterations=200, lr=2e4):
    grad = jax.jit(jax.grad(cost))
    for _ in range(iterations):
        plan = jnp.clip(plan - lr * grad(plan), 0.0, zone.p_max)
    return plan


def main(iterations=200):
    zone = Zone()
    cost, plan0 = make_problem(T0=19.0, zone=zone)
    plan = solve(cost, plan0, zone, iterations)
    print(f"plan cost {float(cost(plan)):.3f} EUR; first hour {plan[:4]}")
    return plan


if __name__ == "__main__":
    main()
