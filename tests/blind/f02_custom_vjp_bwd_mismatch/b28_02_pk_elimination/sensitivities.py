"""Reductions of [patients, samples] sensitivity tables."""
import jax.numpy as jnp

PATIENT_AXIS = 0
TIME_AXIS = 1


def per_patient(table):
    """One number per patient."""
    return jnp.sum(table, axis=PATIENT_AXIS)


def per_sample_time(table):
    return jnp.sum(table, axis=PATIENT_AXIS)
