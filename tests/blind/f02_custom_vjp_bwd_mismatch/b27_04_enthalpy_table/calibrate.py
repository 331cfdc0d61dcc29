"""Calibrate an enthalpy table h(T) against calorimeter readings."""
import jax
import jax.numpy as jnp

from interp import lookup
from table import HermiteTable

T_KNOTS = jnp.linspace(300.0, 900.0, 7)


def initial_table():
    cp = 1.0
    return HermiteTable(T_KNOTS, cp * (T_KNOTS - 300.0), jnp.full_like(T_KNOTS, cp))


def loss(table, T, h_meas):
    return jnp.mean((lookup(table, T) - h_meas) ** 2)


@jax.jit
def step(table, T, h_meas):
    value, g = jax.value_and_grad(loss)(table, T, h_meas)
    table = jax.tree_util.tree_map(lambda p, d: p - 1e-6 * d, table, g)
    return HermiteTable(T_KNOTS, table.y, table.dy), value


def main():
    T = jnp.linspace(310.0, 890.0, 25)
    h_meas = 1.1 * (T - 300.0) + 2e-4 * (T - 300.0) ** 2
    table = initial_table()
    for _ in range(30):
        table, value = step(table, T, h_meas)
    print("mse", float(value))


if __name__ == "__main__":
    main()
