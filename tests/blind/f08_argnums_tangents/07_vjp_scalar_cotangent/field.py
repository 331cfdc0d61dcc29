"""Electric field of point charges evaluated at probe points."""

import jax.numpy as jnp


def potential_at(probes, charges, positions):
    d = jnp.linalg.norm(probes[:, None, :] - positions[None], axis=-1)
    return jnp.sum(charges[None] / d, axis=1)
