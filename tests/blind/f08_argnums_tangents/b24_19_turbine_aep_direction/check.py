"""Directional-derivative check of the AEP model against central differences."""
import jax
import jax.numpy as jnp

from directions import random_unit_direction, step_along
from turbine import aep_mwh

DESIGN = {"rotor_d": jnp.float32(110.0), "cp": jnp.float32(0.45),
          "rated_kw": jnp.float32(3000.0), "k": jnp.float32(2.1), "c": jnp.float32(8.5)}


def directional_check(params, key, eps=1e-2):
    direction = random_unit_direction(key, params)
    aep, slope = jax.jvp(aep_mwh, (params,), (direction,))
    fd = (aep_mwh(step_along(params, direction, eps)) - aep_mwh(step_along(params, direction, -eps))) / (2 * eps)
    return aep, slope, fd


def main():
    for seed in range(3):
        aep, slope, fd = directional_check(DESIGN, jax.random.key(seed))
        print("AEP %.0f MWh: jvp %.3f, central difference %.3f" % (aep, slope, fd))
    return slope, fd


if __name__ == "__main__":
    main()
