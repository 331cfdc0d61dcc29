"""Daily light-use-efficiency crop growth over one season."""
import jax
import jax.numpy as jnp

from stress import liebig_min, nitrogen_stress, water_stress


def season_biomass(params, weather):
    """params = (rue [g/MJ], n_supply [kg/ha/day], n_demand [kg N / t biomass])."""
    rue, n_supply, n_demand = params
    radiation, moisture = weather

    def day(state, inputs):
        biomass, n_avail = state
        rad, sm = inputs
        n_crit = n_demand * (biomass / 100.0 + 0.5)
        factor = liebig_min(water_stress(sm), nitrogen_stress(n_avail, n_crit))
        growth = rue * 0.5 * rad * factor
        n_avail = n_avail + n_supply - n_demand * growth / 100.0
        return (biomass + growth, jnp.maximum(n_avail, 0.0)), biomass + growth

    _, biomass = jax.lax.scan(day, (jnp.float32(1.0), jnp.float32(30.0)), (radiation, moisture))
    return biomass
