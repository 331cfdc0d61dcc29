"""Locate a noise source from sound levels at a ring of microphones."""
import jax
import jax.numpy as jnp

from acoustics.grid import snap_to_grid
from acoustics.propagation import misfit, received_level

MICS = jnp.array([[5.0, 5.0], [95.0, 8.0], [90.0, 92.0], [8.0, 88.0], [50.0, 50.0]])


def initial_guess(mics, levels):
    return snap_to_grid(mics[jnp.argmax(levels)])


def locate(levels, power_db=100.0, steps=300, lr=20.0):
    source = initial_guess(MICS, levels)
    grad_fn = jax.jit(jax.grad(misfit))
    for _ in range(steps):
        source = source - lr * grad_fn(source, MICS, levels, power_db)
    return source


def main():
    levels = received_level(jnp.array([62.0, 30.0]), MICS, 100.0)
    print("estimated source:", locate(levels))


if __name__ == "__main__":
    main()
