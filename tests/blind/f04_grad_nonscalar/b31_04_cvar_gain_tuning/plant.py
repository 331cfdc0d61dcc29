"""Inverted pendulum on a cart, linearised, under state feedback u = -K x."""
import jax
import jax.numpy as jnp
from jax import lax

DT = 0.02
A = jnp.eye(4) + DT * jnp.array([
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, -0.98, 0.0],
    [0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 21.56, 0.0],
])
B = DT * jnp.array([0.0, 1.0, 0.0, -2.0])
Q = jnp.diag(jnp.array([1.0, 0.1, 10.0, 0.1]))
R = 0.01


def rollout_cost(gain, x0, disturbances):
    def step(x, w):
        u = -gain @ x
        cost = x @ Q @ x + R * u * u
        x_next = A @ x + B * u + DT * w
        return x_next, cost

    _, costs = lax.scan(step, x0, disturbances)
    return jnp.sum(costs) * DT


def ensemble_costs(gain, x0s, disturbances):
    return jax.vmap(rollout_cost, in_axes=(None, 0, 0))(gain, x0s, disturbances)
