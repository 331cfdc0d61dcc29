"""Local linear models of the pendulum around an operating point."""

import jax
import jax.numpy as jnp

from pendulum import step


def local_model(x0, u0):
    """Columns of the input matrix B = d step / d torque, probed through the linearization."""
    _, step_lin = jax.linearize(lambda u: step(x0, u), u0)
    return step_lin(jnp.ones_like(u0))


def main():
    x0 = jnp.array([0.3, 0.0])
    u0 = jnp.array([0.0])
    b = local_model(x0, u0)
    print("B column", b)
    return b


if __name__ == "__main__":
    main()
