"""Which inputs drive the intermediate's trajectory the most?"""

import jax.numpy as jnp

from kinetics import LocalSensitivity, simulate, unit_directions

NAMES = ("k1", "k2", "A0", "B0", "C0")


def sensitivity_table(k, c0):
    traj, f_jvp = LocalSensitivity(simulate).at(k, c0)
    table = {}
    for name, direction in zip(NAMES, unit_directions(k, c0)):
        dtraj = f_jvp(*direction)
        table[name] = float(jnp.max(jnp.abs(dtraj)))
    return traj, table


def main():
    traj, table = sensitivity_table(jnp.array([1.2, 0.4]), jnp.array([1.0, 0.0, 0.0]))
    print(f"peak B = {float(traj.max()):.3f}")
    for name, s in sorted(table.items(), key=lambda kv: -kv[1]):
        print(f"  {name}: {s:.3f}")
    return table


if __name__ == "__main__":
    main()
