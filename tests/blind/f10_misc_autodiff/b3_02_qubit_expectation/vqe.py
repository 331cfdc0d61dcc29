"""Variational ground-state search by gradient descent on the angles."""
import jax
import jax.numpy as jnp

from qubit import expectation, hamiltonian


def minimize(h, angles, lr=0.2, steps=100):
    energy_grad = jax.jit(jax.grad(expectation))
    for _ in range(steps):
        angles = angles - lr * energy_grad(angles, h)
    return angles


def main():
    h = hamiltonian()
    angles = minimize(h, jnp.array([0.3, 0.1]))
    energy = float(jnp.real(expectation(angles, h)))
    exact = float(jnp.min(jnp.linalg.eigvalsh(h)))
    print("variational", energy, "exact", exact)
    return energy, exact


if __name__ == "__main__":
    main()
