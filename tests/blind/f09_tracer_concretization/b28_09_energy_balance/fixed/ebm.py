"""Zero-dimensional energy-balance climate model (Budyko-Sellers style)."""
import functools

import jax
import jax.numpy as jnp
from jax import lax

SOLAR = 1361.0 / 4.0      # W m-2
SIGMA = 5.670e-8
EMISSIVITY = 0.61
HEAT_CAPACITY = 8.0       # W yr m-2 K-1 (mixed layer)
N_YEARS = 200


def albedo(T, ice_feedback):
    if ice_feedback:
        # smooth transition between ice-covered (0.62) and ice-free (0.25) planet
        return 0.25 + 0.37 * jax.nn.sigmoid(-(T - 265.0) / 5.0)
    return jnp.full_like(T, 0.30)


@functools.partial(jax.jit, static_argnames="ice_feedback")
def integrate(T0, forcing, ice_feedback=True):
    def year(T, _):
        absorbed = SOLAR * (1.0 - albedo(T, ice_feedback))
        emitted = EMISSIVITY * SIGMA * T ** 4
        T_next = T + (absorbed - emitted + forcing) / HEAT_CAPACITY
        return T_next, T_next

    T_final, history = lax.scan(year, T0, None, length=N_YEARS)
    return T_final, history
