"""Naive mean-field (variational) free energy of an Ising model."""
import jax.numpy as jnp

EPS = 1e-6


def site_entropy(m):
    """Entropy of independent spins with magnetisations m."""
    p_up = jnp.clip((1.0 + m) / 2.0, EPS, 1.0 - EPS)
    p_dn = 1.0 - p_up
    return -(p_up * jnp.log(p_up) + p_dn * jnp.log(p_dn))


def free_energy(theta, couplings, field, temperature):
    m = jnp.tanh(theta)
    energy = -0.5 * m @ couplings @ m - field @ m
    return energy - temperature * site_entropy(m)
