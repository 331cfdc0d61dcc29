"""Virial pressure of the gas from the derivative of the energy with respect to the box."""

import jax
import jax.numpy as jnp

from gas import SoftSphereGas


def excess_pressure(gas, frac, box):
    de_dbox = jax.grad(gas.energy, argnums=1)
    return -de_dbox(frac) / (3.0 * box**2)


def main(n=20):
    gas = SoftSphereGas(sigma=1.2)
    frac = jax.random.uniform(jax.random.key(0), (n, 3))
    p = excess_pressure(gas, frac, box=4.0)
    print("excess pressure", float(p))
    return float(p)


if __name__ == "__main__":
    main()
