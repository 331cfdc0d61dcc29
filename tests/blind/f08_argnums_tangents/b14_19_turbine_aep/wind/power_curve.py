"""Smoothed power curve of a wind turbine and annual energy from a Weibull wind climate."""
import jax
import jax.numpy as jnp

TURBINE = {
    "cut_in": jnp.float32(3.0),
    "rated_speed": jnp.float32(11.5),
    "rated_power": jnp.float32(3.6),
    "cut_out": jnp.float32(25.0),
}
TUNABLE = ("rated_speed", "rated_power")


def power(turbine, v):
    ramp = jnp.clip((v - turbine["cut_in"]) / (turbine["rated_speed"] - turbine["cut_in"]), 0.0, 1.0)
    on = jax.nn.sigmoid(4.0 * (turbine["cut_out"] - v))
    return turbine["rated_power"] * ramp**3 * on


def annual_energy(turbine, k=2.0, scale=8.5):
    v = jnp.linspace(0.0, 30.0, 301)
    pdf = (k / scale) * (v / scale) ** (k - 1) * jnp.exp(-((v / scale) ** k))
    return 8760.0 * jnp.trapezoid(power(turbine, v) * pdf, v)
