"""Match the rest length of the springs to a sampled trajectory (force matching lite)."""
import jax
import jax.numpy as jnp

from polymer.forcefield import trajectory_energy


def mean_energy_target(r0, k, traj, kT):
    n_bonds = traj.shape[1] - 1
    return (trajectory_energy(k, r0, traj) / traj.shape[0] - 0.5 * kT * n_bonds) ** 2


def main():
    key = jax.random.PRNGKey(2)
    steps = 1.0 + 0.1 * jax.random.normal(key, (50, 20, 3))
    traj = jnp.cumsum(steps / jnp.sqrt(3.0), axis=1)
    r0 = 0.8
    dr0 = jax.grad(mean_energy_target)(r0, 100.0, traj, 1.0)
    print("d/dr0", dr0)


if __name__ == "__main__":
    main()
