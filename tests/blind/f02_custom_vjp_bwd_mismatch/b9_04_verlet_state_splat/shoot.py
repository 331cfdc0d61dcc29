"""Shooting: choose the initial velocity so the bead reaches a target position."""
import jax
import jax.numpy as jnp

from integrator import State, verlet_step

N_STEPS = 20
DT = 0.05


def rollout(v0, x0=jnp.array([1.0, 0.0])):
    state = State(x0, v0)
    for _ in range(N_STEPS):
        state = verlet_step(state, DT)
    return state


def miss(v0, target):
    return jnp.sum((rollout(v0).pos - target) ** 2)


def main():
    target = jnp.array([0.0, 0.5])
    v0 = jnp.zeros(2)
    for _ in range(5):
        v0 = v0 - 0.3 * jax.grad(miss)(v0, target)
    print("v0", v0, "miss", miss(v0, target))


if __name__ == "__main__":
    main()
