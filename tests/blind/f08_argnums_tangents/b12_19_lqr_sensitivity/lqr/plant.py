"""A discretised cart-pole linearised about the upright equilibrium."""
import jax
import jax.numpy as jnp

DT = 0.02


def cartpole():
    A = jnp.eye(4) + DT * jnp.array([[0.0, 1.0, 0.0, 0.0],
                                     [0.0, 0.0, -0.7, 0.0],
                                     [0.0, 0.0, 0.0, 1.0],
                                     [0.0, 0.0, 15.8, 0.0]])
    B = DT * jnp.array([[0.0], [1.0], [0.0], [-1.5]])
    return A, B


def rollout_cost(K, A, B, Q=jnp.eye(4), R=0.1 * jnp.eye(1), x0=jnp.array([0.1, 0.0, 0.05, 0.0]),
                 horizon=250):
    def step(x, _):
        u = -K @ x
        cost = x @ Q @ x + u @ R @ u
        return A @ x + B @ u, cost

    _, costs = jax.lax.scan(step, x0, None, length=horizon)
    return jnp.sum(costs)
