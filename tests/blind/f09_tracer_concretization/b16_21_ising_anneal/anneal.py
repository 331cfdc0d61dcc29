"""Anneal a random-field Ising chain towards its ground state."""
import jax
import jax.numpy as jnp
from jax import lax

from ising import energy, metropolis_sweep
from schedules import SCHEDULES

CONFIG = {"schedule": "geometric", "t0": 3.0, "decay": 0.97, "t_min": 0.05, "n_sweeps": 300}


def anneal(config=CONFIG, n=64, seed=0):
    key = jax.random.PRNGKey(seed)
    k_field, k_init, k_run = jax.random.split(key, 3)
    field = 0.5 * jax.random.normal(k_field, (n,))
    spins = jnp.where(jax.random.bernoulli(k_init, 0.5, (n,)), 1.0, -1.0)
    temperature = SCHEDULES[config["schedule"]](config["t0"], config["decay"], config["t_min"])

    @jax.jit
    def run(spins, key):
        def body(spins, step_key):
            step, k = step_key
            spins = metropolis_sweep(k, spins, 1.0, field, temperature(step))
            return spins, energy(spins, 1.0, field)

        steps = jnp.arange(config["n_sweeps"])
        return lax.scan(body, spins, (steps, jax.random.split(key, config["n_sweeps"])))

    return run(spins, k_run)


def main():
    spins, energies = anneal()
    print("final energy", float(energies[-1]), "lowest", float(energies.min()))


if __name__ == "__main__":
    main()
