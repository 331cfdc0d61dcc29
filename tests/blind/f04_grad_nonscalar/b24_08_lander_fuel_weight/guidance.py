"""Optimise a thrust profile that lands softly with little fuel."""
import functools

import jax
import jax.numpy as jnp

from descent import rollout, trajectory_cost
from weights import default_weights

HORIZON = 60
STATE0 = (500.0, -20.0, 1500.0)


@functools.partial(jax.jit, static_argnames=("lr",))
def improve(thrust, w, lr=1e-3):
    cost, g = jax.value_and_grad(trajectory_cost)(thrust, STATE0, w)
    return jnp.clip(thrust - lr * g, 0.0, 6.0), cost


def plan(iters=400):
    w = default_weights()
    thrust = jnp.full(HORIZON, 1.5 * 1.62)
    for _ in range(iters):
        thrust, cost = improve(thrust, w)
    return thrust, cost


def main():
    thrust, cost = plan()
    (h, v, m), _ = rollout(thrust, STATE0)
    print(f"cost {cost:.2f}: touchdown altitude {h:.2f} m, velocity {v:.2f} m/s, fuel {STATE0[2] - m:.1f} kg")


if __name__ == "__main__":
    main()
