"""Recover GM and the initial state from simulated position fixes."""
import jax
import jax.numpy as jnp

from orbits.dynamics import OrbitParams, simulate
from orbits.losses import PositionLoss

LOSS = PositionLoss(weight=10.0)
N_STEPS = 80


def objective(params, fixes):
    return LOSS(simulate(params, N_STEPS), fixes)


@jax.jit
def update(params, fixes, lr=1e-3):
    grads = jax.grad(objective)(params, fixes)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def observations(seed=0):
    truth = OrbitParams(jnp.log(1.0), jnp.array([1.0, 0.0, 0.0]), jnp.array([0.0, 1.0, 0.1]))
    noise = 0.01 * jax.random.normal(jax.random.key(seed), (N_STEPS, 3))
    return simulate(truth, N_STEPS)[:, :3] + noise


def fit(steps=20):
    fixes = observations()
    params = OrbitParams(jnp.log(0.8), jnp.array([1.0, 0.0, 0.0]), jnp.array([0.0, 1.1, 0.0]))
    for _ in range(steps):
        params = update(params, fixes)
    return params


def main():
    params = fit()
    print("GM estimate", float(jnp.exp(params.log_gm)))


if __name__ == "__main__":
    main()
