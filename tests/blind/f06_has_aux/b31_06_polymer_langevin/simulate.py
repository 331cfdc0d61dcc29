"""Relax a short bead-spring chain with Langevin dynamics and log the energy terms."""
import jax
import jax.numpy as jnp

from forcefield import BeadSpring
from langevin import MDState, make_step


def straight_chain(n):
    return jnp.stack([jnp.arange(n, dtype=jnp.float32), jnp.zeros(n), jnp.zeros(n)], axis=1)


def main(n_beads=16, n_steps=200):
    ff = BeadSpring()
    step = make_step(ff.energy_with_terms, dt=0.004)
    state = MDState(straight_chain(n_beads), jnp.zeros((n_beads, 3)), jax.random.key(7))
    for t in range(n_steps):
        state, terms = step(state)
    bond, bend, wca = (float(x) for x in terms)
    print(f"bond {bond:.3f}  bend {bend:.3f}  wca {wca:.3f}")
    return state


if __name__ == "__main__":
    main()
