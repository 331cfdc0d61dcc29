import jax.numpy as jnp

from ising import IsingSimulator


def magnetisation(state):
    return float(jnp.abs(jnp.mean(state.spins)))


def main(L=8, n_sweeps=20):
    sim = IsingSimulator(L=L)
    state = sim.run(sim.init_state(), n_sweeps)
    print(f"|m| = {magnetisation(state):.3f}, accepted {int(state.n_accepted)} flips")
    return state


if __name__ == "__main__":
    main()
