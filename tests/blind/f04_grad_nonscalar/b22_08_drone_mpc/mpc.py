"""Receding-horizon control of a drone formation by gradient descent on the plan."""

import functools

import jax
import jax.numpy as jnp

from dynamics import Swarm, step
from rollout import trajectory_cost

HORIZON = 15


def objective(controls, x0, target, terminal_weight=10.0):
    running, final = trajectory_cost(x0, controls, target)
    terminal = terminal_weight * jnp.sum((final.pos - target) ** 2 + final.vel**2)
    return running + terminal


@functools.partial(jax.jit, static_argnames=("iters",))
def plan(controls, x0, target, iters=30, lr=0.01):
    grad_fn = jax.grad(objective)

    def improve(u, _):
        return u - lr * grad_fn(u, x0, target), None

    controls, _ = jax.lax.scan(improve, controls, None, length=iters)
    return controls


def main():
    n = 4
    angles = jnp.linspace(0, 2 * jnp.pi, n, endpoint=False)
    target = jnp.stack([jnp.cos(angles), jnp.sin(angles)], axis=1)
    state = Swarm(jnp.zeros((n, 2)), jnp.zeros((n, 2)))
    controls = jnp.zeros((HORIZON, n, 2))
    for _ in range(5):
        controls = plan(controls, state, target)
        state = step(state, controls[0])
        controls = jnp.concatenate([controls[1:], controls[-1:]])
    err = jnp.linalg.norm(state.pos - target)
    print("formation error", err)
    return err


if __name__ == "__main__":
    main()
