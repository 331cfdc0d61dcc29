"""Mass of CO2 held in a storage tank, and its sensitivity to temperature."""
import jax
import jax.numpy as jnp

from vdw import volume_and_z

MOLAR_MASS = 0.04401  # kg/mol


def stored_mass(T, P, tank_volume=2.5):
    v, _ = volume_and_z(T, P)
    return tank_volume / v * MOLAR_MASS


def compressibility(T, P):
    return volume_and_z(T, P)[1]


def main():
    T = jnp.array(310.0)
    P = jnp.array(6.0e6)
    m, dm_dT = jax.value_and_grad(stored_mass)(T, P)
    Z = compressibility(T, P)
    print(f"m = {float(m):.1f} kg, dm/dT = {float(dm_dT):.3f} kg/K, Z = {float(Z):.3f}")
    return m, dm_dT


if __name__ == "__main__":
    main()
