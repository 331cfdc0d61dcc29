"""Choose pipe diameters that trade material cost against pumping head."""

import jax
import jax.numpy as jnp

from hydraulics.network import Pipes, head_loss

PIPES = Pipes(length=jnp.array([120.0, 80.0, 200.0]), roughness=jnp.full(3, 4.5e-5))
FLOW = 0.03  # m^3/s


def cost(diameter):
    material = 400.0 * jnp.sum(PIPES.length * diameter**2)
    return material + 50.0 * head_loss(diameter, PIPES, FLOW)


def optimise(iters=60, lr=1e-5):
    d = jnp.array([0.15, 0.15, 0.15])
    dcost = jax.grad(cost)
    for _ in range(iters):
        d = jnp.clip(d - lr * dcost(d), 0.05, 0.5)
    return d


def main():
    print("diameters (m)", optimise())


if __name__ == "__main__":
    main()
