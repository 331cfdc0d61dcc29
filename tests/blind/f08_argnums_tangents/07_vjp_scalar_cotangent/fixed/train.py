import jax
import jax.numpy as jnp

from field import potential_at


def charge_sensitivity(probes, charges, positions):
    phi, pullback = jax.vjp(lambda q: potential_at(probes, q, positions), charges)
    (dq,) = pullback(jnp.ones_like(phi))
    return phi, dq


def main():
    probes = jnp.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.5]])
    positions = jnp.array([[0.5, 0.5], [-1.0, 0.0]])
    charges = jnp.array([1.0, -2.0])
    phi, dq = charge_sensitivity(probes, charges, positions)
    print(phi, dq)
    return dq


if __name__ == "__main__":
    main()
