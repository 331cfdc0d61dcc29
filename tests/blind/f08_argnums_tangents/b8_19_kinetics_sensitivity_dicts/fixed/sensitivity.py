"""Local sensitivity of the final product yield to relative changes of the rates."""
import jax
import jax.numpy as jnp

from kinetics import RATES, concentrations


def relative_sensitivity(rates, name):
    direction = {k: jnp.where(k == name, v, 0.0 * v) for k, v in rates.items()}
    final, d_final = jax.jvp(concentrations, (rates,), (direction,))
    return d_final / final


def main():
    for name in RATES:
        print(name, relative_sensitivity(RATES, name))


if __name__ == "__main__":
    main()
