"""Annual energy production of a wind turbine under a Weibull wind climate."""
import jax
import jax.numpy as jnp

RHO = 1.225
HOURS_PER_YEAR = 8766.0
SPEEDS = jnp.linspace(0.5, 30.0, 300)


def power_kw(v, p):
    area = jnp.pi * (0.5 * p["rotor_d"]) ** 2
    raw = 0.5 * RHO * area * p["cp"] * v**3 / 1000.0
    cut_in = jax.nn.sigmoid((v - 3.0) * 4.0)
    cut_out = jax.nn.sigmoid((25.0 - v) * 4.0)
    return jnp.minimum(raw, p["rated_kw"]) * cut_in * cut_out


def weibull_pdf(v, k, c):
    return (k / c) * (v / c) ** (k - 1.0) * jnp.exp(-((v / c) ** k))


def aep_mwh(p):
    dv = SPEEDS[1] - SPEEDS[0]
    mean_kw = jnp.sum(power_kw(SPEEDS, p) * weibull_pdf(SPEEDS, p["k"], p["c"])) * dv
    return mean_kw * HOURS_PER_YEAR / 1000.0
