"""Linear pattern-scaling emulator of regional sea-surface temperature anomalies."""
import jax.numpy as jnp


def predict(w_ref, b_ref, forcings):
    return forcings @ w_ref[...] + b_ref[...]


def loss(w_ref, b_ref, forcings, sst):
    return jnp.mean((predict(w_ref, b_ref, forcings) - sst) ** 2)
