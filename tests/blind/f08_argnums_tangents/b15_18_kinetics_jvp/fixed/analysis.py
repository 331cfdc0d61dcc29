"""Local sensitivity of the reactor outlet to the rate constants."""
import functools

import jax
import jax.numpy as jnp

from kinetics.network import final_concentrations
from kinetics.sensitivity import rate_directions

RATES = jnp.array([1.2, 0.6, 0.1])
FEED = jnp.array([1.0, 0.0, 0.0])


def sensitivity_table():
    outlet_of = functools.partial(final_concentrations, c0=FEED)
    table = {}
    for name, direction in rate_directions(RATES):
        outlet, table[name] = jax.jvp(outlet_of, (RATES,), (direction,))
    return outlet, table


def main():
    outlet, table = sensitivity_table()
    print("outlet", outlet)
    for name, d in table.items():
        print(f"elasticity of outlet w.r.t. {name:9s}", d)


if __name__ == "__main__":
    main()
