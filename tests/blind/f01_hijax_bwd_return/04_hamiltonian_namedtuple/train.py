"""Simulate the chain and report the energy drift."""

import jax.numpy as jnp

from integrator import rollout
from physics import energy


def main():
    q0 = jnp.array([0.0, 0.3, -0.2, 0.1])
    p0 = jnp.zeros(4)
    q, p = rollout(q0, p0)
    drift = abs(float(energy(q, p)) - float(energy(q0, p0)))
    print("energy drift", drift)
    return drift


if __name__ == "__main__":
    main()
