"""Directional derivatives of annual energy along design changes of the tunable specs."""
import jax

from wind.directions import design_direction
from wind.power_curve import annual_energy


def energy_gain(turbine, changes):
    aep, d_aep = jax.jvp(annual_energy, (turbine,), (design_direction(turbine, changes),))
    return aep, d_aep
