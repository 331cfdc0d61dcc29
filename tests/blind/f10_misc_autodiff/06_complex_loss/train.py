import jax
import jax.numpy as jnp

from waves import field, misfit, propagate


def main(iters=10):
    true_phase = jnp.linspace(0.0, 1.0, 8)
    amplitude = jnp.ones(8)
    measured = jnp.abs(propagate(field(true_phase, amplitude))) ** 2
    phase = jnp.zeros(8)
    for _ in range(iters):
        phase = phase - 0.1 * jax.grad(misfit)(phase, amplitude, measured)
    print(phase)
    return phase


if __name__ == "__main__":
    main()
