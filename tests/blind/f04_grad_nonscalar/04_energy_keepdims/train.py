import jax.numpy as jnp

from md import relax
from potentials import lj_energy


def main():
    pos = jnp.array([[0.0, 0.0, 0.0], [1.2, 0.0, 0.0], [0.0, 1.2, 0.0], [0.0, 0.0, 1.3]])
    before = lj_energy(pos)
    after = lj_energy(relax(pos))
    print(before, after)
    return float(before.sum()), float(after.sum())


if __name__ == "__main__":
    main()
