"""Rank the cell parameters by their influence on voltage during a pulse test."""

import jax.numpy as jnp

from ecm import DEFAULT_CELL
from sensitivity import voltage_sensitivities


def pulse_profile(n=600):
    t = jnp.arange(n)
    return jnp.where((t % 120) < 30, 5.0, 0.0)


def main():
    sens = voltage_sensitivities(DEFAULT_CELL, pulse_profile())
    ranking = sorted(sens, key=lambda k: -float(jnp.max(jnp.abs(sens[k]))))
    for name in ranking:
        print(f"{name:12s} max |dV| = {float(jnp.max(jnp.abs(sens[name]))):.4f} V")
    return ranking


if __name__ == "__main__":
    main()
