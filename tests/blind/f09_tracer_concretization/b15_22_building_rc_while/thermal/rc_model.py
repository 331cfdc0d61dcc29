"""Two-node (air, envelope) resistance-capacitance model of a building."""
import jax.numpy as jnp

from thermal.integrate import euler_until


def outdoor_temperature(t):
    return 5.0 + 4.0 * jnp.sin(2 * jnp.pi * t / 24.0)


def rhs(t, temps, params):
    t_air, t_env = temps
    r_ae, r_eo, c_air, c_env, heater = params
    q_ae = (t_env - t_air) / r_ae
    q_eo = (outdoor_temperature(t) - t_env) / r_eo
    return jnp.stack([(q_ae + heater) / c_air, (-q_ae + q_eo) / c_env])


def indoor_after(log_params, hours, initial=jnp.array([20.0, 15.0])):
    params = jnp.exp(log_params)
    return euler_until(rhs, initial, hours, 0.05, params)[0]
