"""Tabulate how sensitive each run's conversion is to temperature and kinetics."""
import jax
import jax.numpy as jnp

from conditions import EA, LOG_A, RESIDENCE_MIN, TEMPERATURES_K
from kinetics import conversion, kinetic_gains, temperature_gain


def sensitivity_table(kin, temperatures, minutes):
    x = conversion(kin, temperatures, minutes)
    dx_dt = jax.vmap(temperature_gain, in_axes=(None, 0, None))(kin, temperatures, minutes)
    dx_dlog_a, dx_dea = jax.vmap(kinetic_gains, in_axes=(None, 0, None))(kin, temperatures, minutes)
    return jnp.stack([temperatures, x, dx_dt, dx_dlog_a, dx_dea * 1000.0], axis=1)


def main():
    table = sensitivity_table((LOG_A, EA), TEMPERATURES_K, RESIDENCE_MIN)
    print(" T [K]     X      dX/dT    dX/dlnA   dX/dEa [1/kJ]")
    for row in table:
        print("%6.1f  %6.3f  %8.4f  %8.4f  %9.5f" % tuple(row))


if __name__ == "__main__":
    main()
