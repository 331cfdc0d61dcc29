import jax.numpy as jnp

from run_fit import day_profile
from solar.plant import fit_area


def test_area_fit_runs():
    irradiance, temp_c, metered = day_profile()
    area, loss = fit_area(jnp.float32(20.0), irradiance, temp_c, metered, steps=3)
    assert jnp.isfinite(area)
