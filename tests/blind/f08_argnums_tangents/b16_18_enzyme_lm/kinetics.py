"""Michaelis-Menten fit of initial reaction rates (Vmax, Km) for an esterase assay."""
import jax.numpy as jnp

from lm import LevenbergMarquardt
from problem import Problem

SUBSTRATE = jnp.array([0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0])   # mM
RATES = jnp.array([0.061, 0.135, 0.229, 0.346, 0.521, 0.628, 0.704, 0.756])   # uM/s


def residual(params):
    vmax, km = params
    return vmax * SUBSTRATE / (km + SUBSTRATE) - RATES


def fit(n_iter=20):
    problem = Problem(residual, n_params=2, n_obs=SUBSTRATE.shape[0])
    return LevenbergMarquardt(problem).run(jnp.array([0.8, 0.3]), n_iter)


def main():
    (vmax, km), cost = fit()
    print(f"Vmax {float(vmax):.3f} uM/s, Km {float(km):.3f} mM, cost {float(cost):.2e}")


if __name__ == "__main__":
    main()
