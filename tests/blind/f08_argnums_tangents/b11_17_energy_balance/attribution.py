"""How much of the final-year warming each forcing's scale factor controls."""

import jax
import jax.numpy as jnp

from ebm.model import forcings, simulate
from ebm.sensitivity import FORCING_NAMES, direction_for

PARAMS = jnp.array([1.2, 1.0, 1.0, 1.0])


def sensitivities(params=PARAMS, n_years=150):
    f = forcings(n_years)
    out = {}
    for name in FORCING_NAMES:
        _, dts = jax.jvp(lambda p: simulate(p, f), (params,), (direction_for(name),))
        out[name] = float(dts[-1])
    return out


def main():
    for name, d in sensitivities().items():
        print(f"dT_final/d{name} = {d:+.3f} K")


if __name__ == "__main__":
    main()
