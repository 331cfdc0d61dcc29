"""Design targets: the complex reflection the coating should show per wavelength."""

import jax.numpy as jnp


def spectral_misfit(r, r_target, weights):
    """Weighted misfit between the designed and the target reflection."""
    return jnp.sum(weights * (r - r_target) ** 2)
