"""Local sensitivity of the reactor outlet to rates and feed composition."""
import jax
import jax.numpy as jnp

from kinetics.network import final_concentrations
from kinetics.sensitivity import unit_directions

RATES = jnp.array([1.2, 0.6, 0.1])
FEED = jnp.array([1.0, 0.0, 0.0])


def sensitivity_table():
    outlet, f_jvp = jax.linearize(final_concentrations, RATES, FEED)
    table = {}
    for name, direction in unit_directions():
        table[name] = f_jvp(direction)
    return outlet, table


def main():
    outlet, table = sensitivity_table()
    print("outlet", outlet)
    for name, d in table.items():
        print(f"d outlet / d {name:9s}", d)


if __name__ == "__main__":
    main()
