"""Data-driven starting points for the firing-rate model."""
import jax.numpy as jnp


def baseline_from_raster(raster):
    """Per-neuron spike count in the baseline window (rows: time bins)."""
    return jnp.count_nonzero(raster, axis=0).astype(jnp.float32)


def gain_from_stimulus(stimulus, n_neurons):
    return jnp.full((n_neurons,), 1.0 / (jnp.std(stimulus) + 1e-6))
