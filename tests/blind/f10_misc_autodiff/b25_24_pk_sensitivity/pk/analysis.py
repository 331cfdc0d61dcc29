"""Local sensitivity of model outputs to the parameters a method declares."""

from __future__ import annotations

import jax
import jax.numpy as jnp


def parameter_jacobian(method, *values):
    """d output / d parameter for each declared parameter, in declaration order."""
    jac = jax.jacfwd(method, argnums=method.sensitivity_argnums)(*values)
    return dict(zip(method.sensitivity_names, jac))


def normalised(jac: dict, values: dict, output):
    """Elasticities d log C / d log p."""
    return {k: v * values[k] / jnp.maximum(output, 1e-6) for k, v in jac.items()}
