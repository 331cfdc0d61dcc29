"""Fit the array's effective area to a day of metered AC output."""
import jax
import jax.numpy as jnp

from solar.inverter import inverter_ac


def dc_power(area, irradiance, temp_c):
    derate = 1.0 - 0.004 * (temp_c - 25.0)
    return 0.2 * area * irradiance / 1000.0 * derate


def mismatch(area, irradiance, temp_c, metered):
    ac = inverter_ac(dc_power(area, irradiance, temp_c))
    return jnp.mean((ac - metered) ** 2)


def fit_area(area, irradiance, temp_c, metered, steps=20, lr=2.0):
    grad_fn = jax.jit(jax.value_and_grad(mismatch))
    for _ in range(steps):
        loss, g = grad_fn(area, irradiance, temp_c, metered)
        area = area - lr * g
    return area, loss
