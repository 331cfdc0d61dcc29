import jax
import jax.numpy as jnp

from chem.forcefield import ForceField, batch_energy

forces = jax.jit(jax.grad(lambda conformers, ff: -jnp.sum(batch_energy(conformers, ff))))


def relax(conformers, ff, steps=200, step_size=1e-3):
    for _ in range(steps):
        conformers = conformers + step_size * forces(conformers, ff)
    return conformers


def random_conformers(key, n_conf=6, n_atoms=8):
    steps = jax.random.normal(key, (n_conf, n_atoms, 3))
    steps = 1.5 * steps / jnp.linalg.norm(steps, axis=-1, keepdims=True)
    return jnp.cumsum(steps, axis=1)


def main(steps=200):
    ff = ForceField()
    conformers = random_conformers(jax.random.key(5))
    before = batch_energy(conformers, ff)
    after = batch_energy(relax(conformers, ff, steps=steps), ff)
    print("energies before", before.round(1))
    print("energies after ", after.round(1))
    return after


if __name__ == "__main__":
    main()
