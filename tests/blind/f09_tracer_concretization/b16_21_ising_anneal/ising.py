"""Random-field Ising chain and single-spin Metropolis updates."""
import jax
import jax.numpy as jnp


def energy(spins, coupling, field):
    return -jnp.sum(coupling * spins * jnp.roll(spins, 1)) - jnp.sum(field * spins)


def metropolis_sweep(key, spins, coupling, field, temperature):
    n = spins.shape[0]

    def flip(i, carry):
        spins, key = carry
        key, sub = jax.random.split(key)
        local = coupling * (spins[(i - 1) % n] + spins[(i + 1) % n]) + field[i]
        delta = 2.0 * spins[i] * local
        accept = jax.random.uniform(sub) < jnp.exp(-delta / temperature)
        spins = spins.at[i].set(jnp.where(accept, -spins[i], spins[i]))
        return spins, key

    spins, _ = jax.lax.fori_loop(0, n, flip, (spins, key))
    return spins
