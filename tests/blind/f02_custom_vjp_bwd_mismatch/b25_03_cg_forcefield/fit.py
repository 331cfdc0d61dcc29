"""Match coarse-grained energies to reference (all-atom) energies of a few snapshots."""

import jax
import jax.numpy as jnp

from cgff import ForceField, pair_energy

TYPES = jnp.array([0, 1, 1, 0, 2, 2, 1, 0])


def snapshots(key, n_frames=6):
    base = jnp.stack(jnp.meshgrid(jnp.arange(2.0), jnp.arange(2.0), jnp.arange(2.0)), -1).reshape(-1, 3)
    noise = 0.05 * jax.random.normal(key, (n_frames, 8, 3))
    return 1.15 * base[None] + noise


def loss(ff, frames, reference):
    energies = jax.vmap(lambda x: pair_energy(ff, TYPES, x))(frames)
    return jnp.mean((energies - reference) ** 2)


@jax.jit
def step(ff, frames, reference):
    value, grads = jax.value_and_grad(loss)(ff, frames, reference)
    return jax.tree.map(lambda p, g: p - 1e-3 * g, ff, grads), value


def main():
    frames = snapshots(jax.random.key(3))
    reference = jnp.linspace(-9.0, -7.5, frames.shape[0])
    ff = ForceField.uniform(3)
    for _ in range(3):
        ff, value = step(ff, frames, reference)
    print("loss", float(value), "epsilon", ff.epsilon)
    return value


if __name__ == "__main__":
    main()
