"""Receding-horizon plan: electricity cost plus comfort penalty."""
import jax.numpy as jnp

from building import Zone, simulate

HORIZON = 48           # quarter hours
T_SET = 20.5
COMFORT_WEIGHT = 0.5   # EUR per K^2 per interval


def forecast(k):
    """Outdoor temperature [C] and tariff [EUR/kWh] for interval indices k."""
    hours = k * 0.25
    T_out = 2.0 + 4.0 * jnp.sin(2.0 * jnp.pi * (hours - 9.0) / 24.0)
    price = 0.22 + 0.12 * (jnp.abs(hours - 18.0) < 2.0)
    return T_out, price


def make_problem(T0, zone=Zone()):
    k = jnp.arange(HORIZON)
    T_out, price = forecast(k)

    def cost(power):
        temps = simulate(zone, T0, power, T_out)
        energy_kwh = jnp.clip(power, 0.0, zone.p_max) * 0.25 / 1000.0
        return jnp.sum(price * energy_kwh) + COMFORT_WEIGHT * jnp.sum((temps - T_SET) ** 2)

    initial_plan = jnp.zeros_like(k, dtype=jnp.float32)
    return cost, initial_plan
