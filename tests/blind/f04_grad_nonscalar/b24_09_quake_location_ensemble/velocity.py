"""Uncertain crustal P-wave speed, represented by an ensemble of homogeneous models."""
import jax


def sample_velocities(key, n_members, mean_kms=6.1, spread_kms=0.25):
    return mean_kms + spread_kms * jax.random.normal(key, (n_members,))
