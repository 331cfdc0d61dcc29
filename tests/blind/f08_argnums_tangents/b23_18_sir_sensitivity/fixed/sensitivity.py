import jax
import jax.numpy as jnp

from sir import PARAM_NAMES, simulate


def basis_direction(name):
    """Unit perturbation of one named parameter."""
    i = PARAM_NAMES.index(name)
    return jnp.eye(len(PARAM_NAMES))[i]


def peak_sensitivity(theta, name):
    """d(infection curve)/d(parameter), by forward-mode differentiation."""
    infected, d_infected = jax.jvp(simulate, (theta,), (basis_direction(name),))
    return infected, d_infected


def main():
    theta = jnp.array([0.3, 0.1])
    for name in PARAM_NAMES:
        infected, d = peak_sensitivity(theta, name)
        peak = int(jnp.argmax(infected))
        print(f"{name}: peak at step {peak}, sensitivity of the peak {float(d[peak]):.4f}")
    return d


if __name__ == "__main__":
    main()
