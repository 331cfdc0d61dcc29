"""Monitor the instantaneous energy drift dE/dt along the flow."""
import jax
import jax.numpy as jnp

from hamiltonian import Pendulum, symplectic_euler


def energy_rate(system, state):
    flow = system.vector_field(state)
    _, rate = jax.jvp(system.energy, (state,), (flow,))
    return rate


def main():
    system = Pendulum()
    state = jnp.array([0.3, 0.0])
    rates = []
    for _ in range(5):
        rates.append(energy_rate(system, state))
        state = symplectic_euler(system, state, 0.01)
    worst = float(jnp.max(jnp.abs(jnp.stack(rates))))
    print("max |dE/dt| along the exact flow:", worst)
    return worst


if __name__ == "__main__":
    main()
