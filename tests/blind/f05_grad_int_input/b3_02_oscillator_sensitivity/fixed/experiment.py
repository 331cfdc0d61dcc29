"""Sensitivity of the oscillator's final position to its initial state."""
import jax
import jax.numpy as jnp

from ode import final_position

INITIAL_STATE = jnp.array([1.0, 0.0])


def main():
    sensitivity = jax.grad(final_position)(INITIAL_STATE)
    print("d x(T) / d (x0, v0) =", sensitivity)
    return sensitivity


if __name__ == "__main__":
    main()
