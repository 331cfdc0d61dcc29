"""Adjoint sources. Field data follow the SEG-Y layout: time-major (n_samples, n_receivers)."""
import jax.numpy as jnp


def l2_adjoint_source(synthetic, observed):
    """Residual to back-propagate for the L2 misfit 0.5 * ||synthetic - observed||^2."""
    return synthetic.T - observed


def misfit(synthetic, observed):
    return 0.5 * jnp.sum((synthetic.T - observed) ** 2)
