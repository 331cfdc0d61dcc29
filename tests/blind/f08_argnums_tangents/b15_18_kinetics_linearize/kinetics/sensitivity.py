"""Directional sensitivities of the final product yield."""
import jax.numpy as jnp

PARAM_NAMES = ("k1", "k2", "k_minus2")
SPECIES = ("A", "B", "C")


def unit_directions(n_rates=3, n_species=3):
    """One (d_rates, d_c0) direction per rate constant and per initial concentration."""
    for i in range(n_rates):
        yield PARAM_NAMES[i], (jnp.eye(n_rates)[i], jnp.zeros(n_species))
    for j in range(n_species):
        yield f"c0[{SPECIES[j]}]", (jnp.zeros(n_rates), jnp.eye(n_species)[j])
