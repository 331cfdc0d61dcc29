"""Equipartition calibration of the trap stiffness: k = kT / <x^2>."""
import jax.numpy as jnp

from ensemble import CONFIG, run_ensemble
from langevin import KB_T


def stiffness_estimate(cfg):
    xs = run_ensemble(cfg)[:, cfg["burn_in"]:]
    return KB_T / jnp.mean(xs**2)


def main():
    k = stiffness_estimate(CONFIG)
    print("estimated stiffness %.2f pN/um (true 2.00)" % (k * 1e6))
    return k


if __name__ == "__main__":
    main()
