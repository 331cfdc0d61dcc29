"""Differentiable (kernel-smoothed) histograms for analysis optimisation."""
import jax
import jax.numpy as jnp


def soft_histogram(values, weights, n_bins, lo, hi, bandwidth=2.0):
    edges = jnp.linspace(lo, hi, n_bins + 1)
    upper = jax.nn.sigmoid((edges[1:, None] - values[None, :]) / bandwidth)
    lower = jax.nn.sigmoid((edges[:-1, None] - values[None, :]) / bandwidth)
    return jnp.sum((upper - lower) * weights[None, :], axis=1)
